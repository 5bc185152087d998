// Assigning a lead to contractors: by the admin's choice (manual), by rotation (round robin) or to the
// least-served contractor (next in line), and automatically on a quote request when the setting says so.
// One transaction does it all: lock the settings row (which serialises every assignment), read the lead
// and who is eligible, pick, write the assignment rows, counters, lead status, status history and the
// contractors' emails. The mail sender is woken after the commit.
import { randomUUID } from 'node:crypto';
import type { AssignmentMethod, LeadStatus } from '#shared/constants';
import { ADMIN_MESSAGES, BACK_OFFICE_MESSAGES } from '#shared/messages';
import type { UnitOfWork } from '#server/db/unit-of-work';
import { AppError, invalid, notFound } from '#server/http/errors';
import { nowOf, type Clock } from '#server/infra/clock';
import type { DomainEvents } from '#server/infra/domain-events';
import type { AssignmentStore } from './assignment.store';
import { pickNextInLine, pickRoundRobin, type EligibleContractor } from './contractor-selection';

/** Where assignments are read and written (assignmentsOn(db, …) in the app, an in-memory store in tests). */
export type Assignments = UnitOfWork<AssignmentStore>;

export type AssignmentDeps = { domainEvents: DomainEvents; now?: Clock };

export type AssignRequest = {
  leadId: string;
  method: AssignmentMethod;
  /** Manual only; the automatic methods pick one contractor themselves. */
  contractorIds: string[];
  actorId: string | null;
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

export async function assignLead(assignments: Assignments, deps: AssignmentDeps, request: AssignRequest): Promise<AssignResult> {
  const contractorIds = [...new Set(request.contractorIds)];
  if (request.method === 'manual' && contractorIds.length === 0) throw invalid(BACK_OFFICE_MESSAGES.selectContractor);
  const result = await assignments((store) => assignInTransaction(store, deps, { ...request, contractorIds }));
  if (result.assigned.length) await deps.domainEvents.emit('mail.queued', {});
  return result;
}

async function assignInTransaction(store: AssignmentStore, deps: AssignmentDeps, request: AssignRequest): Promise<AssignResult> {
  // First, before anything else is read: from here on no other assignment runs until this one commits.
  const settings = await store.lockSettings();
  const now = nowOf(deps);
  const at = now.toISOString();

  const lead = await store.lockLead(request.leadId);
  if (!lead) throw notFound(ADMIN_MESSAGES.leadNotFound);
  const existing = new Set(await store.assignedContractorIds(lead.id));
  const eligible = await store.eligibleContractors(lead.zip);
  if (eligible.length === 0) throw invalid(BACK_OFFICE_MESSAGES.noEligibleContractors);

  let chosen: EligibleContractor[];
  let alreadyAssigned: string[] = [];
  let turn: number | null = null;
  if (request.method === 'manual') {
    const eligibleById = new Map(eligible.map((contractor) => [contractor.id, contractor]));
    for (const id of request.contractorIds) {
      if (eligibleById.has(id)) continue;
      const name = await store.contractorName(id);
      if (name === undefined) throw notFound(ADMIN_MESSAGES.contractorNotFound);
      throw invalid(ADMIN_MESSAGES.contractorNotEligible(name, lead.zip));
    }
    const selected = request.contractorIds.map((id) => eligibleById.get(id)!);
    chosen = selected.filter((contractor) => !existing.has(contractor.id));
    alreadyAssigned = selected.filter((contractor) => existing.has(contractor.id)).map((contractor) => contractor.name);
  } else {
    const candidates = eligible.filter((contractor) => !existing.has(contractor.id));
    const pick =
      request.method === 'round-robin' ? pickRoundRobin(candidates, settings.round_robin_last_contractor_id) : pickNextInLine(candidates);
    if (!pick) throw new AppError('CONFLICT', ADMIN_MESSAGES.allEligibleAssigned);
    chosen = [pick];
    if (request.method === 'round-robin') {
      turn = settings.round_robin_turn + 1;
      await store.recordRoundRobinTurn(pick.id, turn, now);
    }
  }
  if (chosen.length === 0)
    return { method: request.method, assigned: [], alreadyAssigned, message: ADMIN_MESSAGES.alreadyAssigned(alreadyAssigned.join(', ')) };

  const notices = chosen.map((contractor) => ({ contractor, assignmentId: randomUUID() }));
  for (const { contractor, assignmentId } of notices) {
    await store.addAssignment({
      id: assignmentId,
      leadId: lead.id,
      contractorId: contractor.id,
      method: request.method,
      actorId: request.actorId,
      at,
    });
    await store.countLeadReceived(contractor.id, now);
  }
  // Queued in this transaction, so each email is sent exactly when its assignment exists.
  await store.queueNotifications(lead, notices, now);

  const status: LeadStatus = REOPENED_BY_ASSIGNMENT.includes(lead.status) ? 'assigned' : lead.status;
  const names = chosen.map((contractor) => contractor.name).join(', ');
  // Every assignment is in the lead's history, a reassignment of an assigned lead included.
  const note = turn === null ? `Assigned to ${names} (${request.method}).` : `Assigned to ${names} (round-robin turn ${turn}).`;
  await store.changeLeadStatus({ lead, to: status, holder: chosen[0].id, byUserId: request.actorId, note, at });
  const assigned = notices.map(({ contractor, assignmentId }) => ({
    assignmentId,
    contractorId: contractor.id,
    contractorName: contractor.name,
  }));
  return { method: request.method, assigned, alreadyAssigned, message: ADMIN_MESSAGES.assigned(names, request.method) };
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
    const anyAssignment = (await store.assignedContractorIds(leadId)).length > 0;
    if (lead.assigned_contractor_id || anyAssignment) return { skipped: { assigned: false, reason: 'already-assigned' } };
    try {
      return { result: await assignInTransaction(store, deps, { leadId, method, contractorIds: [], actorId: null }), method };
    } catch (error) {
      // Thrown before anything was written, so the transaction is still good to commit.
      if (error instanceof AppError && (error.code === 'VALIDATION_ERROR' || error.code === 'CONFLICT')) {
        return { skipped: { assigned: false, reason: 'no-eligible-contractor' } };
      }
      throw error;
    }
  });
  if ('skipped' in attempt) return attempt.skipped;
  await deps.domainEvents.emit('mail.queued', {});
  const [first] = attempt.result.assigned;
  return { assigned: true, contractorId: first.contractorId, assignmentId: first.assignmentId, method: attempt.method };
}
