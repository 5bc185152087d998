// Assigning a lead to contractors: by the admin's choice (manual), by rotation (round robin) or to the
// least-served contractor (next in line), and automatically on a quote request when the setting says so.
// One transaction does it all: lock the settings row (which serialises every assignment), read the lead
// and who is eligible, pick, write the assignment rows, counters, lead status, status history and the
// contractors' emails. The mail sender is woken after the commit.
import { randomUUID } from 'node:crypto';
import type { AssignmentMethod, LeadStatus } from '#shared/constants';
import { ADMIN_MESSAGES, BACK_OFFICE_MESSAGES } from '#shared/messages';
import type { Db } from '#server/db/database';
import { AppError, invalid, notFound } from '#server/http/errors';
import { changeLeadStatus, findLead, lockLead } from '#server/modules/leads/leads.repository';
import { lockAssignmentSettings, recordRoundRobinTurn } from './assignment-settings.repository';
import { countLeadReceived } from '#server/modules/contractors/contractor-counters';
import { findEligibleContractors, pickNextInLine, pickRoundRobin, type EligibleContractor } from './contractor-selection';
import { loadLeadContext, queueLeadNotification } from './lead-notification';
import { nowOf, type Clock } from '#server/infra/clock';
import type { DomainEvents } from '#server/infra/domain-events';

export type AssignmentDeps = { domainEvents: DomainEvents; publicUrl: string; postalAddress: string; now?: Clock };

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

export async function assignLead(db: Db, deps: AssignmentDeps, request: AssignRequest): Promise<AssignResult> {
  const contractorIds = [...new Set(request.contractorIds)];
  if (request.method === 'manual' && contractorIds.length === 0) throw invalid(BACK_OFFICE_MESSAGES.selectContractor);
  const result = await db.transaction().execute((trx) => assignInTransaction(trx, deps, { ...request, contractorIds }));
  if (result.assigned.length) await deps.domainEvents.emit('mail.queued', {});
  return result;
}

async function assignInTransaction(trx: Db, deps: AssignmentDeps, request: AssignRequest): Promise<AssignResult> {
  // First, before anything else is read: from here on no other assignment runs until this one commits.
  const settings = await lockAssignmentSettings(trx);
  const now = nowOf(deps);
  const at = now.toISOString();

  // The lead row next, as a status change takes it first too: both then lock lead before contractor rows.
  const lead = await lockLead(trx, request.leadId);
  if (!lead) throw notFound(ADMIN_MESSAGES.leadNotFound);
  const existing = new Set(
    (await trx.selectFrom('assignments').select('contractor_id').where('lead_id', '=', lead.id).execute()).map((row) => row.contractor_id),
  );
  const eligible = await findEligibleContractors(trx, lead.zip);
  if (eligible.length === 0) throw invalid(BACK_OFFICE_MESSAGES.noEligibleContractors);

  let chosen: EligibleContractor[];
  let alreadyAssigned: string[] = [];
  let turn: number | null = null;
  if (request.method === 'manual') {
    const eligibleById = new Map(eligible.map((contractor) => [contractor.id, contractor]));
    for (const id of request.contractorIds) {
      if (eligibleById.has(id)) continue;
      const contractor = await trx.selectFrom('contractors').select('name').where('id', '=', id).executeTakeFirst();
      if (!contractor) throw notFound(ADMIN_MESSAGES.contractorNotFound);
      throw invalid(ADMIN_MESSAGES.contractorNotEligible(contractor.name, lead.zip));
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
      await recordRoundRobinTurn(trx, pick.id, turn, now);
    }
  }
  if (chosen.length === 0)
    return { method: request.method, assigned: [], alreadyAssigned, message: ADMIN_MESSAGES.alreadyAssigned(alreadyAssigned.join(', ')) };

  const context = await loadLeadContext(trx, lead);
  const assigned: AssignResult['assigned'] = [];
  for (const contractor of chosen) {
    const assignmentId = randomUUID();
    await trx
      .insertInto('assignments')
      .values({
        id: assignmentId,
        lead_id: lead.id,
        contractor_id: contractor.id,
        assignment_method: request.method,
        assigned_by_user_id: request.actorId,
        assigned_at: at,
        // Queued in this transaction, so it is sent exactly when the assignment exists.
        email_sent: true,
        email_sent_at: at,
      })
      .execute();
    await countLeadReceived(trx, contractor.id, now);
    await queueLeadNotification(trx, deps, { lead, context, contractor, assignmentId, now });
    assigned.push({ assignmentId, contractorId: contractor.id, contractorName: contractor.name });
  }

  const status: LeadStatus = REOPENED_BY_ASSIGNMENT.includes(lead.status) ? 'assigned' : lead.status;
  const names = chosen.map((contractor) => contractor.name).join(', ');
  // Every assignment is in the lead's history, a reassignment of an assigned lead included.
  const note = turn === null ? `Assigned to ${names} (${request.method}).` : `Assigned to ${names} (round-robin turn ${turn}).`;
  await changeLeadStatus(trx, { lead, to: status, holder: chosen[0].id, byUserId: request.actorId, note, at });
  return { method: request.method, assigned, alreadyAssigned, message: ADMIN_MESSAGES.assigned(names, request.method) };
}

export type AutoAssignOutcome =
  | { assigned: true; contractorId: string; assignmentId: string; method: Exclude<AssignmentMethod, 'manual'> }
  | { assigned: false; reason: 'off' | 'already-assigned' | 'no-eligible-contractor' | 'not-found' };

/**
 * Called after a quote request: when auto-assignment is on and the lead has no contractor yet, assigns it
 * by the configured method. Expected outcomes come back as values; only unexpected failures throw.
 */
export async function autoAssignOnQuote(db: Db, leadId: string, deps: AssignmentDeps): Promise<AutoAssignOutcome> {
  type Attempt = { skipped: AutoAssignOutcome } | { result: AssignResult; method: Exclude<AssignmentMethod, 'manual'> };
  const attempt = await db.transaction().execute(async (trx): Promise<Attempt> => {
    // The same lock as every assignment, so the check below and the assignment are one step.
    const settings = await lockAssignmentSettings(trx);
    const method = settings.auto_assignment;
    if (method === 'off') return { skipped: { assigned: false, reason: 'off' } };
    const lead = await findLead(trx, leadId);
    if (!lead) return { skipped: { assigned: false, reason: 'not-found' } };
    const anyAssignment = await trx.selectFrom('assignments').select('id').where('lead_id', '=', leadId).executeTakeFirst();
    if (lead.assigned_contractor_id || anyAssignment) return { skipped: { assigned: false, reason: 'already-assigned' } };
    try {
      return { result: await assignInTransaction(trx, deps, { leadId, method, contractorIds: [], actorId: null }), method };
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
