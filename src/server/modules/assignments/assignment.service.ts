// Assigning a lead to contractors: by the admin's choice (manual), by rotation (round robin) or to the
// least-served contractor (next in line), automatically on a quote request when the setting says so, and
// again when a contractor misses the response deadline (issue 21). The lead business's rules hold on every
// path (docs/lead-business.md): the homeowner's consent, at most N contractors per lead, exclusive sales,
// each contractor's monthly caps. One transaction does it all: lock the settings row (which serialises every
// assignment), read the lead and who may take it, pick, write the assignment rows, their charges in the
// ledger, counters, lead status, status history and the contractors' emails. The mail sender is woken after
// the commit.
import { randomUUID } from 'node:crypto';
import { isAnonymisedEmail, roomTypeLabel, TEST_LEAD_CONSENT_VERSION, type AssignmentMethod, type LeadStatus } from '#shared/constants';
import { ADMIN_MESSAGES, BACK_OFFICE_MESSAGES } from '#shared/messages';
import { HOUR_MS } from '#shared/time';
import type { Lead } from '#server/db/schema';
import type { UnitOfWork } from '#server/db/unit-of-work';
import { massachusettsMonth } from '#server/http/date-window';
import { AppError, invalid, notFound } from '#server/http/errors';
import { nowOf, type Clock } from '#server/infra/clock';
import type { DomainEvents } from '#server/infra/domain-events';
import type { AssignmentSettings, AssignmentStore } from './assignment.store';
import type { LeadAssignment } from './assignments.repository';
import { capProblem, leadPriceCents, pickNextInLine, pickRoundRobin, type EligibleContractor } from './contractor-selection';

/** Where assignments are read and written (assignmentsOn(db, …) in the app, an in-memory store in tests). */
export type Assignments = UnitOfWork<AssignmentStore>;

export type AssignmentDeps = { domainEvents: DomainEvents; now?: Clock };

export type AssignRequest = {
  leadId: string;
  method: AssignmentMethod;
  /** Manual only; the automatic methods pick one contractor themselves. */
  contractorIds: string[];
  actorId: string | null;
  /** Sold to one contractor alone, at their exclusive price. */
  exclusive?: boolean;
  /** The history note, when the caller has a better one than 'Assigned to …'. */
  note?: string;
};

export type AssignResult = {
  method: AssignmentMethod;
  assigned: Array<{ assignmentId: string; contractorId: string; contractorName: string }>;
  /** Manually chosen contractors who already had the lead; they get no second assignment or email. */
  alreadyAssigned: string[];
  message: string;
};

/** Statuses an assignment moves to 'assigned'; a lead further along keeps its status (no going backwards). */
const REOPENED_BY_ASSIGNMENT: readonly LeadStatus[] = ['new', 'assigned', 'dead', 'unqualified'];

/** Why no contractor may get this lead at all right now; null when some may. */
export function leadProblem(lead: Lead, settings: AssignmentSettings, holders: LeadAssignment[], exclusive: boolean): string | null {
  if (isAnonymisedEmail(lead.email)) return ADMIN_MESSAGES.accountDeleted;
  if (!lead.consent_at) return ADMIN_MESSAGES.noConsent;
  const active = holders.filter((holder) => holder.state === 'active');
  const exclusiveHolder = active.find((holder) => holder.exclusive);
  if (exclusiveHolder) return ADMIN_MESSAGES.soldExclusive(exclusiveHolder.name);
  if (exclusive && active.length > 0) return ADMIN_MESSAGES.exclusiveAlreadyShared;
  if (active.length >= settings.max_contractors_per_lead) return ADMIN_MESSAGES.leadCapReached(settings.max_contractors_per_lead, 0);
  return null;
}

/** One eligible contractor as this lead would see them: their price and why they cannot take it, if so. */
export type Candidate = { contractor: EligibleContractor; priceCents: number; hadLead: boolean; problem: string | null };

async function candidatesFor(store: AssignmentStore, lead: Lead, holders: LeadAssignment[], exclusive: boolean, now: Date) {
  const eligible = await store.eligibleContractors(lead.zip);
  const usage = await store.monthlyUsage(
    eligible.map((contractor) => contractor.id),
    massachusettsMonth(now),
  );
  const had = new Set(holders.map((holder) => holder.contractor_id));
  // A test lead from the System status tab costs nobody anything.
  const free = lead.consent_version === TEST_LEAD_CONSENT_VERSION;
  return eligible.map((contractor): Candidate => {
    const priceCents = free ? 0 : leadPriceCents(contractor, exclusive);
    return {
      contractor,
      priceCents,
      hadLead: had.has(contractor.id),
      problem: capProblem(contractor, usage.get(contractor.id) ?? { leads: 0, spendCents: 0 }, priceCents),
    };
  });
}

/** Who round robin and next in line would give the lead to now: free of the lead and under their caps. */
function automaticPick(candidates: Candidate[], method: Exclude<AssignmentMethod, 'manual'>, settings: AssignmentSettings) {
  const free = candidates.filter((candidate) => !candidate.hadLead && !candidate.problem);
  const byContractor = new Map(free.map((candidate) => [candidate.contractor.id, candidate]));
  const contractors = free.map((candidate) => candidate.contractor);
  const pick =
    method === 'round-robin' ? pickRoundRobin(contractors, settings.round_robin_last_contractor_id) : pickNextInLine(contractors);
  return pick && byContractor.get(pick.id);
}

export async function assignLead(assignments: Assignments, deps: AssignmentDeps, request: AssignRequest): Promise<AssignResult> {
  const contractorIds = [...new Set(request.contractorIds)];
  if (request.method === 'manual' && contractorIds.length === 0) throw invalid(BACK_OFFICE_MESSAGES.selectContractor);
  if (request.exclusive && request.method === 'manual' && contractorIds.length !== 1) throw invalid(ADMIN_MESSAGES.exclusiveNeedsOne);
  const result = await assignments((store) => assignInTransaction(store, deps, { ...request, contractorIds }));
  if (result.assigned.length) await deps.domainEvents.emit('mail.queued', {});
  return result;
}

async function assignInTransaction(store: AssignmentStore, deps: AssignmentDeps, request: AssignRequest): Promise<AssignResult> {
  // First, before anything else is read: from here on no other assignment runs until this one commits.
  const settings = await store.lockSettings();
  const now = nowOf(deps);
  const at = now.toISOString();
  const exclusive = request.exclusive ?? false;

  const lead = await store.lockLead(request.leadId);
  if (!lead) throw notFound(ADMIN_MESSAGES.leadNotFound);
  const holders = await store.leadAssignments(lead.id);
  const problem = leadProblem(lead, settings, holders, exclusive);
  if (problem) throw invalid(problem);
  const remaining = settings.max_contractors_per_lead - holders.filter((holder) => holder.state === 'active').length;

  const candidates = await candidatesFor(store, lead, holders, exclusive, now);
  if (candidates.length === 0) throw invalid(BACK_OFFICE_MESSAGES.noEligibleContractors);

  let chosen: Candidate[];
  let alreadyAssigned: string[] = [];
  let turn: number | null = null;
  if (request.method === 'manual') {
    const byId = new Map(candidates.map((candidate) => [candidate.contractor.id, candidate]));
    for (const id of request.contractorIds) {
      const candidate = byId.get(id);
      if (candidate) {
        if (candidate.problem && !candidate.hadLead)
          throw invalid(ADMIN_MESSAGES.notEligibleBecause(candidate.contractor.name, candidate.problem));
        continue;
      }
      const name = await store.contractorName(id);
      if (name === undefined) throw notFound(ADMIN_MESSAGES.contractorNotFound);
      throw invalid(ADMIN_MESSAGES.contractorNotEligible(name, lead.zip));
    }
    const selected = request.contractorIds.map((id) => byId.get(id)!);
    chosen = selected.filter((candidate) => !candidate.hadLead);
    alreadyAssigned = selected.filter((candidate) => candidate.hadLead).map((candidate) => candidate.contractor.name);
    if (chosen.length > remaining) throw invalid(ADMIN_MESSAGES.leadCapReached(settings.max_contractors_per_lead, remaining));
  } else {
    const pick = automaticPick(candidates, request.method, settings);
    if (!pick) {
      const allHad = candidates.every((candidate) => candidate.hadLead);
      throw new AppError('CONFLICT', allHad ? ADMIN_MESSAGES.allEligibleAssigned : ADMIN_MESSAGES.everyEligibleAtCap);
    }
    chosen = [pick];
    if (request.method === 'round-robin') {
      turn = settings.round_robin_turn + 1;
      await store.recordRoundRobinTurn(pick.contractor.id, turn, now);
    }
  }
  if (chosen.length === 0)
    return { method: request.method, assigned: [], alreadyAssigned, message: ADMIN_MESSAGES.alreadyAssigned(alreadyAssigned.join(', ')) };

  const notices = chosen.map((candidate) => ({ contractor: candidate.contractor, assignmentId: randomUUID() }));
  // Queued in this transaction, so each email is sent exactly when its assignment exists.
  const mailIds = await store.queueNotifications(lead, notices, now);
  const respondBy = new Date(now.getTime() + settings.response_deadline_hours * HOUR_MS).toISOString();
  const period = massachusettsMonth(now);
  for (const [index, candidate] of chosen.entries()) {
    const { contractor, assignmentId } = notices[index];
    await store.addAssignment({
      id: assignmentId,
      leadId: lead.id,
      contractorId: contractor.id,
      method: request.method,
      actorId: request.actorId,
      at,
      exclusive,
      priceCents: candidate.priceCents,
      respondBy,
      notificationMailId: mailIds[index],
    });
    await store.countLeadReceived(contractor.id, now);
    await store.appendLedgerEntry({
      contractorId: contractor.id,
      entryKey: `charge:${assignmentId}`,
      kind: 'lead-charge',
      amountCents: candidate.priceCents,
      description: `${exclusive ? 'Exclusive lead' : 'Lead'}: ${roomTypeLabel(lead.room_type, 'Home project')}, ZIP ${lead.zip}`,
      period,
      at,
      leadId: lead.id,
      assignmentId,
    });
  }

  const status: LeadStatus = REOPENED_BY_ASSIGNMENT.includes(lead.status) ? 'assigned' : lead.status;
  const names = chosen.map((candidate) => candidate.contractor.name).join(', ');
  // Every assignment is in the lead's history, a reassignment of an assigned lead included.
  const how = exclusive ? `${request.method}, exclusive` : turn === null ? request.method : `round-robin turn ${turn}`;
  const note = request.note ?? `Assigned to ${names} (${how}).`;
  await store.changeLeadStatus({ lead, to: status, holder: chosen[0].contractor.id, byUserId: request.actorId, note, at });
  const assigned = notices.map(({ contractor, assignmentId }) => ({
    assignmentId,
    contractorId: contractor.id,
    contractorName: contractor.name,
  }));
  return { method: request.method, assigned, alreadyAssigned, message: ADMIN_MESSAGES.assigned(names, request.method) };
}

/** What the assign dialog shows before the admin confirms: the lead's limits, each contractor's price and standing, and who each automatic method would pick. */
export type AssignmentPreview = {
  problem: string | null;
  maxContractors: number;
  activeCount: number;
  contractors: Array<{ id: string; name: string; priceCents: number; hadLead: boolean; problem: string | null }>;
  roundRobin: { id: string; name: string } | null;
  nextInLine: { id: string; name: string } | null;
};

export async function previewAssignment(
  assignments: Assignments,
  deps: AssignmentDeps,
  leadId: string,
  exclusive: boolean,
): Promise<AssignmentPreview> {
  return assignments(async (store) => {
    const settings = await store.lockSettings();
    const lead = await store.findLead(leadId);
    if (!lead) throw notFound(ADMIN_MESSAGES.leadNotFound);
    const holders = await store.leadAssignments(lead.id);
    const candidates = await candidatesFor(store, lead, holders, exclusive, nowOf(deps));
    const named = (candidate: Candidate | undefined) =>
      candidate ? { id: candidate.contractor.id, name: candidate.contractor.name } : null;
    const problem = leadProblem(lead, settings, holders, exclusive);
    return {
      problem,
      maxContractors: settings.max_contractors_per_lead,
      activeCount: holders.filter((holder) => holder.state === 'active').length,
      contractors: candidates.map(({ contractor, priceCents, hadLead, problem: standing }) => ({
        id: contractor.id,
        name: contractor.name,
        priceCents,
        hadLead,
        problem: standing,
      })),
      roundRobin: problem ? null : named(automaticPick(candidates, 'round-robin', settings)),
      nextInLine: problem ? null : named(automaticPick(candidates, 'next-in-line', settings)),
    };
  });
}

export type AutoAssignOutcome =
  | { assigned: true; contractorId: string; assignmentId: string; method: Exclude<AssignmentMethod, 'manual'> }
  | { assigned: false; reason: 'off' | 'already-assigned' | 'no-eligible-contractor' | 'not-found' };

/**
 * Called after a quote request: when auto-assignment is on and the lead has no contractor yet, assigns it
 * by the configured method. Expected outcomes come back as values; only unexpected failures throw.
 */
export async function autoAssignOnQuote(assignments: Assignments, leadId: string, deps: AssignmentDeps): Promise<AutoAssignOutcome> {
  type Attempt = { skipped: AutoAssignOutcome } | { result: AssignResult; method: Exclude<AssignmentMethod, 'manual'> };
  const attempt = await assignments(async (store): Promise<Attempt> => {
    // The same lock as every assignment, so the check below and the assignment are one step.
    const settings = await store.lockSettings();
    const method = settings.auto_assignment;
    if (method === 'off') return { skipped: { assigned: false, reason: 'off' } };
    const lead = await store.findLead(leadId);
    if (!lead) return { skipped: { assigned: false, reason: 'not-found' } };
    const anyAssignment = (await store.leadAssignments(leadId)).length > 0;
    if (lead.assigned_contractor_id || anyAssignment) return { skipped: { assigned: false, reason: 'already-assigned' } };
    try {
      return { result: await assignInTransaction(store, deps, { leadId, method, contractorIds: [], actorId: null }), method };
    } catch (error) {
      // Thrown before anything was written, so the transaction is still good to commit.
      if (isRefusal(error)) return { skipped: { assigned: false, reason: 'no-eligible-contractor' } };
      throw error;
    }
  });
  if ('skipped' in attempt) return attempt.skipped;
  await deps.domainEvents.emit('mail.queued', {});
  const [first] = attempt.result.assigned;
  return { assigned: true, contractorId: first.contractorId, assignmentId: first.assignmentId, method: attempt.method };
}

const isRefusal = (error: unknown) => error instanceof AppError && (error.code === 'VALIDATION_ERROR' || error.code === 'CONFLICT');

/** Nothing to do for this overdue assignment (contacted meanwhile, the setting went off, nobody else may take it). */
class NotReassigned extends Error {}

export type ReassignOutcome = { assignmentId: string; leadId: string; reassignedTo: string | null };

/**
 * With automatic reassignment on: every active assignment past its deadline and not marked contacted loses
 * its lead to the next eligible contractor (next in line), and its charge is credited back. When nobody else
 * may take the lead, nothing changes and the assignment stays on the overdue list for the admins.
 */
export async function reassignOverdue(assignments: Assignments, deps: AssignmentDeps): Promise<ReassignOutcome[]> {
  const now = nowOf(deps);
  const { settings, overdue } = await assignments(async (store) => ({
    settings: await store.lockSettings(),
    overdue: await store.overdueAssignments(now.toISOString()),
  }));
  if (!settings.auto_reassign) return [];
  const outcomes: ReassignOutcome[] = [];
  for (const late of overdue) {
    try {
      const result = await assignments(async (store) => {
        if (!(await store.lockSettings()).auto_reassign) throw new NotReassigned();
        if (!(await store.expireAssignment(late.id))) throw new NotReassigned();
        await store.appendLedgerEntry({
          contractorId: late.contractor_id,
          entryKey: `credit:late:${late.id}`,
          kind: 'late-credit',
          amountCents: -late.price_cents,
          description: `Credit: lead reassigned after the response deadline (ZIP ${late.zip})`,
          period: massachusettsMonth(now),
          at: now.toISOString(),
          leadId: late.lead_id,
          assignmentId: late.id,
        });
        const note = `Reassigned: ${late.contractor_name} did not mark it contacted by ${late.respond_by}.`;
        try {
          const reassigned = await assignInTransaction(store, deps, {
            leadId: late.lead_id,
            method: 'next-in-line',
            contractorIds: [],
            actorId: null,
            note,
          });
          await store.queueReassignedNotice(late, now);
          return reassigned;
        } catch (error) {
          // Thrown before the expiry commits, so the late contractor keeps the lead and it stays listed.
          if (isRefusal(error)) throw new NotReassigned();
          throw error;
        }
      });
      outcomes.push({ assignmentId: late.id, leadId: late.lead_id, reassignedTo: result.assigned[0]?.contractorId ?? null });
    } catch (error) {
      if (!(error instanceof NotReassigned)) throw error;
      outcomes.push({ assignmentId: late.id, leadId: late.lead_id, reassignedTo: null });
    }
  }
  if (outcomes.some((outcome) => outcome.reassignedTo)) await deps.domainEvents.emit('mail.queued', {});
  return outcomes;
}
