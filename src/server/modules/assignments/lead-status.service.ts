// Changing a lead's status (seed 001 §4). Admins may set any of the seven statuses on any lead; a
// contractor only on a lead assigned to them, and only to contacted, quoted, converted or dead. Every
// change goes into lead_status_changes with who and when. A contractor's first action on an assignment
// is their response (its time in hours since the assignment); a conversion counts for the contractor
// who has the lead, and an admin taking one back uncounts it.
import { randomUUID } from 'node:crypto';
import type { CurrentUser } from '#shared/api';
import type { LeadStatus } from '#shared/constants';
import type { Db } from '#server/db/database';
import { forbidden, notFound } from '#server/http/errors';
import { ADMIN_MESSAGES } from '#shared/messages';
import { isPostgres } from '#server/db/sql-dialect';
import { countConversion } from './contractor-counters';
import { HOUR_MS } from '#shared/time';

export const CONTRACTOR_SETTABLE_STATUSES: readonly LeadStatus[] = ['contacted', 'quoted', 'converted', 'dead'];

export type StatusChange = { leadId: string; status: LeadStatus; note?: string | null };

export async function updateLeadStatus(db: Db, actor: CurrentUser, change: StatusChange, now: Date): Promise<void> {
  const asContractor = actor.role === 'contractor';
  if (asContractor && !CONTRACTOR_SETTABLE_STATUSES.includes(change.status)) throw forbidden(ADMIN_MESSAGES.contractorStatusNotAllowed);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    // Held to the end, so two changes of one lead happen one after the other (SQLite serialises anyway).
    const lead = await trx
      .selectFrom('leads')
      .select(['id', 'status', 'assigned_contractor_id'])
      .where('id', '=', change.leadId)
      .$if(isPostgres(trx), (qb) => qb.forUpdate())
      .executeTakeFirst();
    if (!lead) throw notFound(ADMIN_MESSAGES.leadNotFound);

    let assignment: { id: string; contractor_id: string; assigned_at: string; contractor_responded: boolean } | undefined;
    if (asContractor) {
      const contractor = await trx.selectFrom('contractors').select('id').where('user_id', '=', actor.id).executeTakeFirst();
      if (!contractor) throw forbidden(ADMIN_MESSAGES.noContractorRecord);
      assignment = await trx
        .selectFrom('assignments')
        .select(['id', 'contractor_id', 'assigned_at', 'contractor_responded'])
        .where('lead_id', '=', lead.id)
        .where('contractor_id', '=', contractor.id)
        .executeTakeFirst();
      // Another contractor's lead answers exactly as a lead that does not exist, so ids cannot be probed.
      if (!assignment) throw notFound(ADMIN_MESSAGES.leadNotFound);
    }

    const note = change.note?.trim() || null;
    if (lead.status !== change.status || note) {
      // The contractor who converts a lead is the one who has it from now on.
      const holder = change.status === 'converted' && assignment ? assignment.contractor_id : lead.assigned_contractor_id;
      await trx.updateTable('leads').set({ status: change.status, assigned_contractor_id: holder, updated_at: at }).where('id', '=', lead.id).execute();
      await trx
        .insertInto('lead_status_changes')
        .values({ id: randomUUID(), lead_id: lead.id, from_status: lead.status, to_status: change.status, changed_by_user_id: actor.id, note, created_at: at })
        .execute();
      if (change.status === 'converted' && lead.status !== 'converted' && holder) await countConversion(trx, holder, 1, now);
      if (lead.status === 'converted' && change.status !== 'converted' && lead.assigned_contractor_id) await countConversion(trx, lead.assigned_contractor_id, -1, now);
    }

    if (assignment && !assignment.contractor_responded) {
      const hours = Math.max(0, (now.getTime() - new Date(assignment.assigned_at).getTime()) / HOUR_MS);
      await trx
        .updateTable('assignments')
        .set({ contractor_responded: true, responded_at: at, response_time_hours: Math.round(hours * 100) / 100 })
        .where('id', '=', assignment.id)
        .where('contractor_responded', '=', false)
        .execute();
    }
  });
}
