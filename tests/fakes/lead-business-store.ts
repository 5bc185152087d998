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
};

export type FakeAssignment = NewAssignment & { responded: boolean; respondedAt: string | null };

type State = {
  settings: AssignmentSettings;
  leads: Lead[];
  contractors: FakeContractor[];
  assignments: FakeAssignment[];
  history: StatusChangeRecord[];
  notifications: Array<{ leadId: string; contractorId: string; assignmentId: string }>;
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
    score_factors: null,
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
    ...overrides,
  };
}

export class FakeLeadBusiness {
  state: State;

  constructor(seed: { leads?: Lead[]; contractors?: FakeContractor[]; settings?: Partial<AssignmentSettings> } = {}) {
    this.state = {
      settings: { auto_assignment: 'off', round_robin_last_contractor_id: null, round_robin_turn: 0, ...seed.settings },
      leads: seed.leads ?? [],
      contractors: seed.contractors ?? [],
      assignments: [],
      history: [],
      notifications: [],
    };
  }

  lead(id: string): Lead {
    return this.state.leads.find((lead) => lead.id === id)!;
  }

  contractor(id: string): FakeContractor {
    return this.state.contractors.find((contractor) => contractor.id === id)!;
  }

  /** Gives a contractor the lead directly, as an earlier assignment would have. */
  assign(leadId: string, contractorId: string, assignedAt = '2026-11-01T12:00:00.000Z') {
    this.state.assignments.push({
      id: `a-${leadId}-${contractorId}`,
      leadId,
      contractorId,
      method: 'manual',
      actorId: null,
      at: assignedAt,
      responded: false,
      respondedAt: null,
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
      assignedContractorIds: async (leadId) => state.assignments.filter((row) => row.leadId === leadId).map((row) => row.contractorId),
      eligibleContractors: async (zip) =>
        state.contractors
          .filter((contractor) => contractor.active && (contractor.servesAllZips || contractor.zips.includes(zip)))
          .sort((a, b) => (a.id < b.id ? -1 : 1))
          .map((contractor) => ({
            id: contractor.id,
            name: contractor.name,
            email: contractor.email,
            leads_received_count: contractor.leadsReceived,
          })),
      contractorName: async (contractorId) => state.contractors.find((contractor) => contractor.id === contractorId)?.name,
      addAssignment: async (assignment) => {
        state.assignments.push({ ...assignment, responded: false, respondedAt: null });
      },
      countLeadReceived: async (contractorId) => {
        state.contractors.find((contractor) => contractor.id === contractorId)!.leadsReceived += 1;
      },
      queueNotifications: async (lead, notices) => {
        for (const { contractor, assignmentId } of notices)
          state.notifications.push({ leadId: lead.id, contractorId: contractor.id, assignmentId });
      },
      changeLeadStatus: async (change) => applyStatusChange(state, change),
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
