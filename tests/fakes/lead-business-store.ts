// An in-memory lead business for service tests: leads, contractors, their assignments, the assignment
// settings, status history and queued notifications, behind the same stores the services use on the
// database (AssignmentStore, LeadStatusStore). Each unit of work runs on a copy and keeps it only when the
// work returns, so a refused request changes nothing, as a rolled-back transaction would.
import type { Lead } from '#server/db/schema';
import type { UnitOfWork } from '#server/db/unit-of-work';
import type { AssignmentSettings, AssignmentStore } from '#server/modules/assignments/assignment.store';
import type { ContractorAssignment, NewAssignment } from '#server/modules/assignments/assignments.repository';
import type { LeadStatusStore } from '#server/modules/leads/lead-status.store';
import type { StatusChangeRecord } from '#server/modules/leads/leads.repository';
import type { NewLedgerEntry } from '#server/modules/ledger/ledger.repository';

export type FakeContractor = {
  id: string;
  name: string;
  email: string;
  userId: string | null;
  active: boolean;
  servesAllZips: boolean;
  zips: string[];
  leadsReceived: number;
  conversions: number;
  price: number;
  exclusivePrice: number | null;
  monthlyLeadCap: number | null;
  monthlySpendCap: number | null;
};

export type FakeAssignment = NewAssignment & { responded: boolean; respondedAt: string | null; state: 'active' | 'expired' };

type State = {
  settings: AssignmentSettings;
  leads: Lead[];
  contractors: FakeContractor[];
  assignments: FakeAssignment[];
  history: StatusChangeRecord[];
  notifications: Array<{ leadId: string; contractorId: string; assignmentId: string }>;
  ledger: NewLedgerEntry[];
};

export function makeLead(overrides: Partial<Lead> = {}): Lead {
  const at = '2026-11-01T12:00:00.000Z';
  return {
    id: 'lead-1',
    user_id: null,
    render_id: null,
    design_request_id: null,
    name: 'Pat Homeowner',
    email: 'pat@example.com',
    phone: '508-555-0100',
    zip: '01701',
    room_type: 'kitchen',
    style: 'Modern',
    wants_quote: true,
    subscribe: false,
    status: 'new',
    render_count: 1,
    social_engaged: false,
    is_repeat_visitor: false,
    probability_to_close_score: 40,
    intent_score: 60,
    lead_quality_score: 50,
    engagement_score: 30,
    lead_score: 50,
    image_url: null,
    ai_url: null,
    assigned_contractor_id: null,
    share_in_feed: false,
    email_confirmed: true,
    design_email_pending: false,
    hidden_from_feed: false,
    project_type: null,
    timeline: null,
    budget: null,
    contact_method: null,
    notes: null,
    quote_requested_at: null,
    consent_version: 'test-consent',
    consent_text: 'I agree to be contacted.',
    consent_at: at,
    consent_ip: '203.0.113.7',
    consent_user_agent: 'test',
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

export function makeContractor(overrides: Partial<FakeContractor> & { id: string }): FakeContractor {
  return {
    name: `Contractor ${overrides.id}`,
    email: `${overrides.id}@example.com`,
    userId: null,
    active: true,
    servesAllZips: false,
    zips: ['01701'],
    leadsReceived: 0,
    conversions: 0,
    price: 25,
    exclusivePrice: null,
    monthlyLeadCap: null,
    monthlySpendCap: null,
    ...overrides,
  };
}

export class FakeLeadBusiness {
  state: State;

  constructor(seed: { leads?: Lead[]; contractors?: FakeContractor[]; settings?: Partial<AssignmentSettings> } = {}) {
    this.state = {
      settings: {
        auto_assignment: 'off',
        round_robin_last_contractor_id: null,
        round_robin_turn: 0,
        max_contractors_per_lead: 4,
        response_deadline_hours: 24,
        auto_reassign: false,
        ...seed.settings,
      },
      leads: seed.leads ?? [],
      contractors: seed.contractors ?? [],
      assignments: [],
      history: [],
      notifications: [],
      ledger: [],
    };
  }

  lead(id: string): Lead {
    return this.state.leads.find((lead) => lead.id === id)!;
  }

  contractor(id: string): FakeContractor {
    return this.state.contractors.find((contractor) => contractor.id === id)!;
  }

  /** Gives a contractor the lead directly, as an earlier assignment would have. */
  assign(leadId: string, contractorId: string, assignedAt = '2026-11-01T12:00:00.000Z', options: { exclusive?: boolean } = {}) {
    this.state.assignments.push({
      id: `a-${leadId}-${contractorId}`,
      leadId,
      contractorId,
      method: 'manual',
      actorId: null,
      at: assignedAt,
      exclusive: options.exclusive ?? false,
      priceCents: 2500,
      respondBy: new Date(new Date(assignedAt).getTime() + 24 * 3600_000).toISOString(),
      notificationMailId: `mail-${leadId}-${contractorId}`,
      responded: false,
      respondedAt: null,
      state: 'active',
    });
  }

  /** A unit of work on a copy of the state, kept only if the work returns. */
  private unit<Store>(bind: (state: State) => Store): UnitOfWork<Store> {
    return async (work) => {
      const draft = structuredClone(this.state);
      const result = await work(bind(draft));
      this.state = draft;
      return result;
    };
  }

  assignments(): UnitOfWork<AssignmentStore> {
    return this.unit((state) => ({
      lockSettings: async () => ({ ...state.settings }),
      recordRoundRobinTurn: async (contractorId, turn) => {
        state.settings = { ...state.settings, round_robin_last_contractor_id: contractorId, round_robin_turn: turn };
      },
      findLead: async (leadId) => readLead(state, leadId),
      lockLead: async (leadId) => readLead(state, leadId),
      leadAssignments: async (leadId) =>
        state.assignments
          .filter((row) => row.leadId === leadId)
          .map((row) => ({
            id: row.id,
            contractor_id: row.contractorId,
            name: state.contractors.find((contractor) => contractor.id === row.contractorId)!.name,
            exclusive: row.exclusive,
            state: row.state,
          })),
      eligibleContractors: async (zip) =>
        state.contractors
          .filter((contractor) => contractor.active && (contractor.servesAllZips || contractor.zips.includes(zip)))
          .sort((a, b) => (a.id < b.id ? -1 : 1))
          .map((contractor) => ({
            id: contractor.id,
            name: contractor.name,
            email: contractor.email,
            leads_received_count: contractor.leadsReceived,
            price_per_lead: contractor.price,
            exclusive_price: contractor.exclusivePrice,
            monthly_lead_cap: contractor.monthlyLeadCap,
            monthly_spend_cap: contractor.monthlySpendCap,
          })),
      monthlyUsage: async (contractorIds, period) =>
        new Map(
          contractorIds.map((id) => [
            id,
            {
              leads: state.assignments.filter((row) => row.contractorId === id && row.state === 'active' && row.at.startsWith(period))
                .length,
              spendCents: state.ledger
                .filter((entry) => entry.contractorId === id && entry.period === period && entry.kind !== 'subscription-fee')
                .reduce((sum, entry) => sum + entry.amountCents, 0),
            },
          ]),
        ),
      contractorName: async (contractorId) => state.contractors.find((contractor) => contractor.id === contractorId)?.name,
      addAssignment: async (assignment) => {
        state.assignments.push({ ...assignment, responded: false, respondedAt: null, state: 'active' });
      },
      countLeadReceived: async (contractorId) => {
        state.contractors.find((contractor) => contractor.id === contractorId)!.leadsReceived += 1;
      },
      queueNotifications: async (lead, notices) =>
        notices.map(({ contractor, assignmentId }) => {
          state.notifications.push({ leadId: lead.id, contractorId: contractor.id, assignmentId });
          return `mail-${assignmentId}`;
        }),
      changeLeadStatus: async (change) => applyStatusChange(state, change),
      appendLedgerEntry: async (entry) => {
        if (state.ledger.some((existing) => existing.entryKey === entry.entryKey)) return false;
        state.ledger.push(entry);
        return true;
      },
      overdueAssignments: async (now) =>
        state.assignments
          .filter((row) => row.state === 'active' && !row.responded && row.respondBy < now)
          .sort((a, b) => (a.respondBy < b.respondBy ? -1 : 1))
          .map((row) => {
            const lead = state.leads.find((candidate) => candidate.id === row.leadId)!;
            return {
              id: row.id,
              lead_id: row.leadId,
              contractor_id: row.contractorId,
              assigned_at: row.at,
              respond_by: row.respondBy,
              price_cents: row.priceCents,
              contractor_name: state.contractors.find((contractor) => contractor.id === row.contractorId)!.name,
              lead_name: lead.name,
              zip: lead.zip,
              room_type: lead.room_type,
            };
          }),
      queueReassignedNotice: async (late) => {
        state.notifications.push({ leadId: late.lead_id, contractorId: late.contractor_id, assignmentId: `reassigned:${late.id}` });
      },
      expireAssignment: async (assignmentId) => {
        const row = state.assignments.find((candidate) => candidate.id === assignmentId);
        if (!row || row.state !== 'active' || row.responded) return false;
        row.state = 'expired';
        return true;
      },
    }));
  }

  statusChanges(): UnitOfWork<LeadStatusStore> {
    return this.unit((state) => ({
      lockLead: async (leadId) => readLead(state, leadId),
      findOwnAssignment: async (leadId, contractorUserId) => {
        const contractor = state.contractors.find((candidate) => candidate.userId === contractorUserId);
        if (!contractor) return null;
        const row = state.assignments.find((assignment) => assignment.leadId === leadId && assignment.contractorId === contractor.id);
        return (
          row &&
          ({
            id: row.id,
            contractor_id: row.contractorId,
            assigned_at: row.at,
            contractor_responded: row.responded,
          } as ContractorAssignment)
        );
      },
      changeLeadStatus: async (change) => applyStatusChange(state, change),
      countConversion: async (contractorId, change) => {
        state.contractors.find((contractor) => contractor.id === contractorId)!.conversions += change;
      },
      recordContractorResponse: async (assignment, now) => {
        const row = state.assignments.find((candidate) => candidate.id === assignment.id)!;
        if (row.responded) return;
        row.responded = true;
        row.respondedAt = now.toISOString();
      },
    }));
  }
}

/** A copy, as a database read is: a later write does not change what the service already read. */
function readLead(state: State, leadId: string): Lead | undefined {
  const lead = state.leads.find((candidate) => candidate.id === leadId);
  return lead && { ...lead };
}

function applyStatusChange(state: State, change: StatusChangeRecord) {
  const lead = state.leads.find((candidate) => candidate.id === change.lead.id)!;
  lead.status = change.to;
  lead.assigned_contractor_id = change.holder;
  lead.updated_at = change.at;
  state.history.push(change);
}
