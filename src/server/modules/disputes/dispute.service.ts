// Disputes (docs/lead-business.md): a contractor may dispute a lead assigned to them within 14 days (duplicate,
// wrong ZIP, wrong project, bad contact details, not the homeowner); an admin approves or denies it with a
// note, and an approved dispute credits the lead's price in the ledger, in the same transaction.
import { randomUUID } from 'node:crypto';
import type { CurrentUser } from '#shared/api';
import { DISPUTE_REASON_LABELS, LEAD_BUSINESS, type DisputeReason } from '#shared/constants';
import { ADMIN_MESSAGES } from '#shared/messages';
import { formatCents } from '#shared/money';
import { DAY_MS } from '#shared/time';
import type { Db } from '#server/db/database';
import { massachusettsMonth } from '#server/http/date-window';
import { AppError, forbidden, invalid, notFound } from '#server/http/errors';
import { findOwnAssignment } from '#server/modules/assignments/assignments.repository';
import { appendLedgerEntry } from '#server/modules/ledger/ledger.repository';
import { findDisputeByAssignment, insertDispute, lockDispute, recordDecision } from './disputes.repository';

export async function openDispute(
  db: Db,
  contractor: CurrentUser,
  claim: { leadId: string; reason: DisputeReason; details: string | null },
  now: Date,
): Promise<{ id: string }> {
  return db.transaction().execute(async (trx) => {
    const assignment = await findOwnAssignment(trx, claim.leadId, contractor.id);
    if (assignment === null) throw forbidden(ADMIN_MESSAGES.noContractorRecord);
    // Another contractor's lead answers exactly as a lead that does not exist.
    if (!assignment) throw notFound(ADMIN_MESSAGES.leadNotFound);
    if (now.getTime() - new Date(assignment.assigned_at).getTime() > LEAD_BUSINESS.disputeWindowDays * DAY_MS)
      throw invalid(ADMIN_MESSAGES.disputeWindowClosed(LEAD_BUSINESS.disputeWindowDays));
    if (await findDisputeByAssignment(trx, assignment.id)) throw new AppError('CONFLICT', ADMIN_MESSAGES.disputeExists);
    const id = randomUUID();
    await insertDispute(trx, {
      id,
      assignmentId: assignment.id,
      leadId: claim.leadId,
      contractorId: assignment.contractor_id,
      reason: claim.reason,
      details: claim.details,
      at: now.toISOString(),
    });
    return { id };
  });
}

export async function decideDispute(
  db: Db,
  admin: CurrentUser,
  decision: { id: string; approve: boolean; note: string | null },
  now: Date,
): Promise<{ message: string }> {
  return db.transaction().execute(async (trx) => {
    const dispute = await lockDispute(trx, decision.id);
    if (!dispute) throw notFound(ADMIN_MESSAGES.disputeNotFound);
    if (dispute.status !== 'open') throw new AppError('CONFLICT', ADMIN_MESSAGES.disputeDecided(dispute.status));
    const at = now.toISOString();
    await recordDecision(trx, {
      id: dispute.id,
      status: decision.approve ? 'approved' : 'denied',
      note: decision.note,
      byUserId: admin.id,
      at,
    });
    if (!decision.approve) return { message: ADMIN_MESSAGES.disputeDenied };
    const credit = dispute.price_cents;
    await appendLedgerEntry(trx, {
      contractorId: dispute.contractor_id,
      entryKey: `credit:dispute:${dispute.id}`,
      kind: 'dispute-credit',
      amountCents: -credit,
      description: `Credit: dispute approved (${DISPUTE_REASON_LABELS[dispute.reason]})`,
      period: massachusettsMonth(now),
      at,
      leadId: dispute.lead_id,
      assignmentId: dispute.assignment_id,
      disputeId: dispute.id,
    });
    return { message: ADMIN_MESSAGES.disputeApproved(formatCents(credit)) };
  });
}
