// Lead disputes: a contractor's claim that a lead was bad (duplicate, wrong ZIP, …) and the admin's decision.
import type { DisputeReason, DisputeStatus } from '#shared/constants';
import type { Db } from '#server/db/database';
import { isPostgres } from '#server/db/sql-dialect';

export async function insertDispute(
  db: Db,
  dispute: {
    id: string;
    assignmentId: string;
    leadId: string;
    contractorId: string;
    reason: DisputeReason;
    details: string | null;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto('lead_disputes')
    .values({
      id: dispute.id,
      assignment_id: dispute.assignmentId,
      lead_id: dispute.leadId,
      contractor_id: dispute.contractorId,
      reason: dispute.reason,
      details: dispute.details,
      created_at: dispute.at,
    })
    .execute();
}

export async function findDisputeByAssignment(db: Db, assignmentId: string) {
  return db.selectFrom('lead_disputes').select(['id', 'status']).where('assignment_id', '=', assignmentId).executeTakeFirst();
}

/** The dispute with what its decision needs, held until the transaction ends so two admins cannot both decide it. */
export async function lockDispute(trx: Db, id: string) {
  return trx
    .selectFrom('lead_disputes')
    .innerJoin('assignments', 'assignments.id', 'lead_disputes.assignment_id')
    .select([
      'lead_disputes.id',
      'lead_disputes.status',
      'lead_disputes.contractor_id',
      'lead_disputes.lead_id',
      'lead_disputes.assignment_id',
      'lead_disputes.reason',
      'assignments.price_cents',
    ])
    .where('lead_disputes.id', '=', id)
    .$if(isPostgres(trx), (qb) => qb.forUpdate('lead_disputes'))
    .executeTakeFirst();
}

export async function recordDecision(
  trx: Db,
  decision: { id: string; status: Exclude<DisputeStatus, 'open'>; note: string | null; byUserId: string; at: string },
): Promise<void> {
  await trx
    .updateTable('lead_disputes')
    .set({ status: decision.status, admin_note: decision.note, decided_by_user_id: decision.byUserId, decided_at: decision.at })
    .where('id', '=', decision.id)
    .where('status', '=', 'open')
    .execute();
}

/** The admins' list: newest first, with the lead, the contractor and the price in question. */
export async function findDisputes(db: Db, status: DisputeStatus | undefined, limit: number) {
  return db
    .selectFrom('lead_disputes')
    .innerJoin('assignments', 'assignments.id', 'lead_disputes.assignment_id')
    .innerJoin('contractors', 'contractors.id', 'lead_disputes.contractor_id')
    .innerJoin('leads', 'leads.id', 'lead_disputes.lead_id')
    .select([
      'lead_disputes.id',
      'lead_disputes.lead_id',
      'lead_disputes.contractor_id',
      'lead_disputes.reason',
      'lead_disputes.details',
      'lead_disputes.status',
      'lead_disputes.admin_note',
      'lead_disputes.decided_at',
      'lead_disputes.created_at',
      'assignments.assigned_at',
      'assignments.price_cents',
      'contractors.name as contractor_name',
      'leads.name as lead_name',
      'leads.email as lead_email',
      'leads.zip',
      'leads.room_type',
    ])
    .$if(status !== undefined, (qb) => qb.where('lead_disputes.status', '=', status!))
    .orderBy('lead_disputes.created_at', 'desc')
    .orderBy('lead_disputes.id', 'desc')
    .limit(limit)
    .execute();
}
