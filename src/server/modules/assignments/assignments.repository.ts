// The Assignments tab's data: assignments in the date window (by assigned_at) with their lead and
// contractor, and the email and response figures over the whole window; and the assignment rows the
// assignment and status services read and write.
import type { Db } from '#server/db/database';
import type { DateWindow } from '#server/http/date-window';
import { withinWindow } from '#server/db/sql-dialect';
import type { AssignmentMethod, EmailStatus } from '#shared/constants';
import { HOUR_MS } from '#shared/time';

export async function findAssignments(db: Db, window: DateWindow, limit: number) {
  const rows = await db
    .selectFrom('assignments')
    .innerJoin('leads', 'leads.id', 'assignments.lead_id')
    .innerJoin('contractors', 'contractors.id', 'assignments.contractor_id')
    .leftJoin('mail_outbox', 'mail_outbox.id', 'assignments.notification_mail_id')
    .$call(withinWindow('assignments.assigned_at', window))
    .select([
      'mail_outbox.status as mail_status',
      'mail_outbox.sent_at as mail_sent_at',
      'assignments.email_sent_at',
      'assignments.state',
      'assignments.exclusive',
      'assignments.price_cents',
      'assignments.respond_by',
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
  return rows.map((row) => {
    const emailStatus = emailStatusOf(row.mail_status, row.email_sent);
    return {
      id: row.id,
      lead_id: row.lead_id,
      contractor_id: row.contractor_id,
      leads: { email: row.lead_email, zip: row.lead_zip, room_type: row.lead_room_type },
      contractors: { name: row.contractor_name, email: row.contractor_email },
      assigned_at: row.assigned_at,
      assignment_method: row.assignment_method,
      email_sent: emailStatus === 'sent',
      email_status: emailStatus,
      email_sent_at: row.mail_sent_at ?? row.email_sent_at,
      state: row.state,
      exclusive: row.exclusive,
      price_cents: row.price_cents,
      respond_by: row.respond_by,
      email_opened: row.email_opened,
      email_clicked: row.email_clicked,
      contractor_responded: row.contractor_responded,
      response_time_hours: row.response_time_hours,
    };
  });
}

/**
 * What the notification email's outbox row says: sent once the mail server accepted it, failed when the
 * outbox gave up, queued until then. Assignments from before the outbox link keep their stored flag.
 */
export function emailStatusOf(mailStatus: string | null, storedFlag: boolean): EmailStatus {
  if (mailStatus === null) return storedFlag ? 'sent' : 'queued';
  if (mailStatus === 'sent') return 'sent';
  if (mailStatus === 'failed') return 'failed';
  return 'queued';
}

export async function assignmentStats(db: Db, window: DateWindow) {
  const row = await db
    .selectFrom('assignments')
    .leftJoin('mail_outbox', 'mail_outbox.id', 'assignments.notification_mail_id')
    .$call(withinWindow('assignments.assigned_at', window))
    // Aliases never share a name with a boolean column: the portable-values plugin would turn them into booleans.
    .select((eb) => {
      const countWhere = (column: 'email_opened' | 'email_clicked' | 'contractor_responded') =>
        eb.fn.sum<number>(eb.case().when(`assignments.${column}`, '=', true).then(1).else(0).end());
      // Sent as the outbox says (emailStatusOf), the stored flag only for assignments without an outbox link.
      const sent = eb
        .case()
        .when('mail_outbox.status', '=', 'sent')
        .then(1)
        .when(eb.and([eb('assignments.notification_mail_id', 'is', null), eb('assignments.email_sent', '=', true)]))
        .then(1)
        .else(0)
        .end();
      return [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(sent).as('sent_count'),
        countWhere('email_opened').as('opened_count'),
        countWhere('email_clicked').as('clicked_count'),
        countWhere('contractor_responded').as('responded_count'),
        eb.fn.avg<number>('assignments.response_time_hours').as('avg_response_hours'),
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
  return (
    db
      .selectFrom('assignments')
      .select(['id', 'contractor_id', 'assigned_at', 'contractor_responded'])
      .where('lead_id', '=', leadId)
      .where('contractor_id', '=', contractor.id)
      // A lead reassigned after its deadline is no longer theirs.
      .where('state', '=', 'active')
      .executeTakeFirst()
  );
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

/** The lead an assignment is for, or undefined for an unknown id. */
export async function leadOfAssignment(db: Db, assignmentId: string): Promise<string | undefined> {
  const row = await db.selectFrom('assignments').select('lead_id').where('id', '=', assignmentId).executeTakeFirst();
  return row?.lead_id;
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
  exclusive: boolean;
  priceCents: number;
  respondBy: string;
  /** The outbox row of the new-lead email, queued in the same transaction; its status is the email status. */
  notificationMailId: string;
};

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
      exclusive: assignment.exclusive,
      price_cents: assignment.priceCents,
      respond_by: assignment.respondBy,
      notification_mail_id: assignment.notificationMailId,
    })
    .execute();
}

/** Every contractor who has or had this lead, with whether they hold it now and whether it was sold exclusively. */
export async function findLeadAssignments(db: Db, leadId: string) {
  return db
    .selectFrom('assignments')
    .innerJoin('contractors', 'contractors.id', 'assignments.contractor_id')
    .select(['assignments.id', 'assignments.contractor_id', 'contractors.name', 'assignments.exclusive', 'assignments.state'])
    .where('assignments.lead_id', '=', leadId)
    .execute();
}
export type LeadAssignment = Awaited<ReturnType<typeof findLeadAssignments>>[number];

/** Active leads each contractor received between two instants (the caps' month). */
export async function countLeadsReceived(db: Db, contractorIds: string[], start: string, end: string): Promise<Map<string, number>> {
  if (contractorIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('assignments')
    .select((eb) => ['contractor_id', eb.fn.countAll<number>().as('count')])
    .where('contractor_id', 'in', contractorIds)
    .where('state', '=', 'active')
    .where('assigned_at', '>=', start)
    .where('assigned_at', '<', end)
    .groupBy('contractor_id')
    .execute();
  return new Map(rows.map((row) => [row.contractor_id, Number(row.count)]));
}

/** Active assignments not marked contacted by their deadline, oldest deadline first. */
export async function findOverdueAssignments(db: Db, now: string, limit = 100) {
  return db
    .selectFrom('assignments')
    .innerJoin('contractors', 'contractors.id', 'assignments.contractor_id')
    .innerJoin('leads', 'leads.id', 'assignments.lead_id')
    .select([
      'assignments.id',
      'assignments.lead_id',
      'assignments.contractor_id',
      'assignments.assigned_at',
      'assignments.respond_by',
      'assignments.price_cents',
      'contractors.name as contractor_name',
      'leads.name as lead_name',
      'leads.zip',
      'leads.room_type',
    ])
    .where('assignments.state', '=', 'active')
    .where('assignments.contractor_responded', '=', false)
    .where('assignments.respond_by', '<', now)
    .orderBy('assignments.respond_by')
    .limit(limit)
    .execute();
}
export type OverdueAssignment = Awaited<ReturnType<typeof findOverdueAssignments>>[number];

/** Takes a late assignment's lead away, if it is still active and still not contacted; true when it did. */
export async function expireAssignment(trx: Db, assignmentId: string): Promise<boolean> {
  const result = await trx
    .updateTable('assignments')
    .set({ state: 'expired' })
    .where('id', '=', assignmentId)
    .where('state', '=', 'active')
    .where('contractor_responded', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findAssignmentNotification(db: Db, assignmentId: string) {
  return db.selectFrom('assignments').select(['id', 'notification_mail_id']).where('id', '=', assignmentId).executeTakeFirst();
}

/** Points the assignment's email status at a (re)queued notification. */
export async function linkNotificationMail(trx: Db, assignmentId: string, mailId: string): Promise<void> {
  await trx.updateTable('assignments').set({ notification_mail_id: mailId }).where('id', '=', assignmentId).execute();
}
