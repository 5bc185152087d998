// The Assignments tab's data: assignments in the date window (by assigned_at) with their lead and
// contractor, and the email and response figures over the whole window; and the assignment rows the
// assignment and status services read and write.
import type { Db } from '#server/db/database';
import type { DateWindow } from '#server/http/date-window';
import { withinWindow } from '#server/db/sql-dialect';
import type { AssignmentMethod } from '#shared/constants';
import { HOUR_MS } from '#shared/time';

export async function findAssignments(db: Db, window: DateWindow, limit: number) {
  const rows = await db
    .selectFrom('assignments')
    .innerJoin('leads', 'leads.id', 'assignments.lead_id')
    .innerJoin('contractors', 'contractors.id', 'assignments.contractor_id')
    .$call(withinWindow('assignments.assigned_at', window))
    .select([
      'assignments.id',
      'assignments.lead_id',
      'assignments.contractor_id',
      'assignments.assigned_at',
      'assignments.assignment_method',
      'assignments.email_sent',
      'assignments.email_opened',
      'assignments.email_clicked',
      'assignments.contractor_responded',
      'assignments.response_time_hours',
      'leads.email as lead_email',
      'leads.zip as lead_zip',
      'leads.room_type as lead_room_type',
      'contractors.name as contractor_name',
      'contractors.email as contractor_email',
    ])
    .orderBy('assignments.assigned_at', 'desc')
    .orderBy('assignments.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    lead_id: row.lead_id,
    contractor_id: row.contractor_id,
    leads: { email: row.lead_email, zip: row.lead_zip, room_type: row.lead_room_type },
    contractors: { name: row.contractor_name, email: row.contractor_email },
    assigned_at: row.assigned_at,
    assignment_method: row.assignment_method,
    email_sent: row.email_sent,
    email_opened: row.email_opened,
    email_clicked: row.email_clicked,
    contractor_responded: row.contractor_responded,
    response_time_hours: row.response_time_hours,
  }));
}

export async function assignmentStats(db: Db, window: DateWindow) {
  const row = await db
    .selectFrom('assignments')
    .$call(withinWindow('assignments.assigned_at', window))
    // Aliases never share a name with a boolean column: the portable-values plugin would turn them into booleans.
    .select((eb) => {
      const countWhere = (column: 'email_sent' | 'email_opened' | 'email_clicked' | 'contractor_responded') =>
        eb.fn.sum<number>(eb.case().when(column, '=', true).then(1).else(0).end());
      return [
        eb.fn.countAll<number>().as('total'),
        countWhere('email_sent').as('sent_count'),
        countWhere('email_opened').as('opened_count'),
        countWhere('email_clicked').as('clicked_count'),
        countWhere('contractor_responded').as('responded_count'),
        eb.fn.avg<number>('response_time_hours').as('avg_response_hours'),
      ];
    })
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    emailSent: Number(row.sent_count ?? 0),
    emailOpened: Number(row.opened_count ?? 0),
    emailClicked: Number(row.clicked_count ?? 0),
    responded: Number(row.responded_count ?? 0),
    avgResponseHours: Math.round(Number(row.avg_response_hours ?? 0) * 10) / 10,
  };
}

export type ContractorAssignment = { id: string; contractor_id: string; assigned_at: string; contractor_responded: boolean };

/** The assignment of a lead to the contractor whose account this is; null without a contractor record, undefined without an assignment. */
export async function findOwnAssignment(
  db: Db,
  leadId: string,
  contractorUserId: string,
): Promise<ContractorAssignment | null | undefined> {
  const contractor = await db.selectFrom('contractors').select('id').where('user_id', '=', contractorUserId).executeTakeFirst();
  if (!contractor) return null;
  return db
    .selectFrom('assignments')
    .select(['id', 'contractor_id', 'assigned_at', 'contractor_responded'])
    .where('lead_id', '=', leadId)
    .where('contractor_id', '=', contractor.id)
    .executeTakeFirst();
}

/** The contractor's first action on an assignment is their response: its time in hours since the assignment, counted once. */
export async function recordContractorResponse(db: Db, assignment: ContractorAssignment, now: Date): Promise<void> {
  if (assignment.contractor_responded) return;
  const hours = Math.max(0, (now.getTime() - new Date(assignment.assigned_at).getTime()) / HOUR_MS);
  await db
    .updateTable('assignments')
    .set({ contractor_responded: true, responded_at: now.toISOString(), response_time_hours: Math.round(hours * 100) / 100 })
    .where('id', '=', assignment.id)
    .where('contractor_responded', '=', false)
    .execute();
}

/** The contractor opened the notification email: only the first open is recorded. */
export async function recordEmailOpened(db: Db, assignmentId: string, at: string): Promise<void> {
  await db
    .updateTable('assignments')
    .set({ email_opened: true, email_opened_at: at })
    .where('id', '=', assignmentId)
    .where('email_opened', '=', false)
    .execute();
}

/** The contractor clicked through: a click is the proof of an open too (images are often blocked). First times only. */
export async function recordEmailClicked(db: Db, assignmentId: string, at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await recordEmailOpened(trx, assignmentId, at);
    await trx
      .updateTable('assignments')
      .set({ email_clicked: true, email_clicked_at: at })
      .where('id', '=', assignmentId)
      .where('email_clicked', '=', false)
      .execute();
  });
}

/** The contractors who already have this lead. */
export async function findAssignedContractorIds(db: Db, leadId: string): Promise<string[]> {
  const rows = await db.selectFrom('assignments').select('contractor_id').where('lead_id', '=', leadId).execute();
  return rows.map((row) => row.contractor_id);
}

export type NewAssignment = {
  id: string;
  leadId: string;
  contractorId: string;
  method: AssignmentMethod;
  actorId: string | null;
  at: string;
};

/** An assignment whose notification email is queued in the same transaction, so it counts as sent. */
export async function insertAssignment(trx: Db, assignment: NewAssignment): Promise<void> {
  await trx
    .insertInto('assignments')
    .values({
      id: assignment.id,
      lead_id: assignment.leadId,
      contractor_id: assignment.contractorId,
      assignment_method: assignment.method,
      assigned_by_user_id: assignment.actorId,
      assigned_at: assignment.at,
      email_sent: true,
      email_sent_at: assignment.at,
    })
    .execute();
}
