// Every write to `leads` and its status history, and the reads of one lead. Other modules (assignments,
// scoring, the feed, accounts, the admin's debug lead) call these functions instead of querying the
// table themselves, so the rules a lead row follows live in one place. Lists of leads: lead-lists.repository.ts.
import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { LeadStatus } from '#shared/constants';
import type { Db } from '#server/db/database';
import type { Lead, LeadsTable } from '#server/db/schema';
import { isPostgres } from '#server/db/sql-dialect';
import { TEST_LEAD_CONSENT_VERSION } from '#shared/constants';

export async function findLead(db: Db, id: string): Promise<Lead | undefined> {
  return db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findLeadByDesignRequest(db: Db, designRequestId: string): Promise<Lead | undefined> {
  return db.selectFrom('leads').selectAll().where('design_request_id', '=', designRequestId).executeTakeFirst();
}

/**
 * The lead, locked to the end of the transaction on PostgreSQL (SQLite serialises writers anyway), so
 * changes to one lead happen one after the other. Status changes and assignments both lock the lead
 * first, before any contractor row.
 */
export async function lockLead(trx: Db, id: string): Promise<Lead | undefined> {
  return trx
    .selectFrom('leads')
    .selectAll()
    .where('id', '=', id)
    .$if(isPostgres(trx), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** The lead when it is assigned to the contractor whose account this is; the check is part of the query. */
export async function findLeadAssignedToUser(db: Db, leadId: string, contractorUserId: string): Promise<Lead | undefined> {
  return db
    .selectFrom('leads')
    .selectAll('leads')
    .where('leads.id', '=', leadId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('assignments')
          .innerJoin('contractors', 'contractors.id', 'assignments.contractor_id')
          .select('assignments.id')
          .whereRef('assignments.lead_id', '=', 'leads.id')
          // A lead reassigned after its deadline is no longer theirs.
          .where('assignments.state', '=', 'active')
          .where('contractors.user_id', '=', contractorUserId),
      ),
    )
    .executeTakeFirst();
}

/** A new lead row (the admin's debug lead, a feed-inspired lead); an existing design request key is left alone. */
export async function insertLead(db: Db, values: Insertable<LeadsTable>): Promise<void> {
  await db
    .insertInto('leads')
    .values(values)
    .$if(Boolean(values.design_request_id), (qb) => qb.onConflict((conflict) => conflict.column('design_request_id').doNothing()))
    .execute();
}

/**
 * The email step's lead: one per render, whoever asks at the same moment. The insert turns into an update
 * on the render's key, and its row lock makes simultaneous email steps for one render take turns.
 */
export async function upsertDesignLead(
  trx: Db,
  values: Insertable<LeadsTable> & { design_request_id: string },
  update: Updateable<LeadsTable>,
): Promise<string> {
  const row = await trx
    .insertInto('leads')
    .values(values)
    .onConflict((conflict) => conflict.column('design_request_id').doUpdateSet(update))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLead(db: Db, id: string, changes: Updateable<LeadsTable>): Promise<void> {
  await db.updateTable('leads').set(changes).where('id', '=', id).execute();
}

/** After the homeowner opened the confirmation link: their leads record it; returns those still waiting for the design email. */
export async function markEmailConfirmed(trx: Db, userId: string, at: string): Promise<string[]> {
  await trx.updateTable('leads').set({ email_confirmed: true, updated_at: at }).where('user_id', '=', userId).execute();
  const waiting = await trx
    .selectFrom('leads')
    .select('id')
    .where('user_id', '=', userId)
    .where('design_email_pending', '=', true)
    .execute();
  return waiting.map((row) => row.id);
}

/** The homeowner unsubscribed: none of their leads asks for updates any more. */
export async function clearSubscription(db: Db, email: string): Promise<void> {
  await db.updateTable('leads').set({ subscribe: false }).where('email', '=', email).execute();
}

/** Hides or shows a shared design in the community feed; false when there is no such lead. */
export async function setHiddenFromFeed(db: Db, id: string, hidden: boolean): Promise<boolean> {
  const updated = await db.updateTable('leads').set({ hidden_from_feed: hidden }).where('id', '=', id).executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** A shared design still shown in the feed, or undefined. */
export async function findFeedLead(db: Db, id: string): Promise<Pick<Lead, 'id' | 'room_type' | 'style'> | undefined> {
  return db
    .selectFrom('leads')
    .select(['id', 'room_type', 'style'])
    .where('id', '=', id)
    .where('share_in_feed', '=', true)
    .where('hidden_from_feed', '=', false)
    .executeTakeFirst();
}

export type StatusChangeRecord = {
  lead: Pick<Lead, 'id' | 'status'>;
  to: LeadStatus;
  holder: string | null;
  byUserId: string | null;
  note: string | null;
  at: string;
};

/** Sets the lead's status and holder and writes the change into its history, in the caller's transaction. */
export async function changeLeadStatus(trx: Db, change: StatusChangeRecord): Promise<void> {
  await trx
    .updateTable('leads')
    .set({ status: change.to, assigned_contractor_id: change.holder, updated_at: change.at })
    .where('id', '=', change.lead.id)
    .execute();
  await trx
    .insertInto('lead_status_changes')
    .values({
      id: randomUUID(),
      lead_id: change.lead.id,
      from_status: change.lead.status,
      to_status: change.to,
      changed_by_user_id: change.byUserId,
      note: change.note,
      created_at: change.at,
    })
    .execute();
}

/** Account deletion: the leads of this account or address keep their row, without anything that names the person. */
export async function anonymiseLeadsOf(
  trx: Db,
  person: { userId: string; email: string; replacementEmail: string },
  at: string,
): Promise<number> {
  const result = await trx
    .updateTable('leads')
    .set({
      name: null,
      phone: null,
      notes: null,
      email: person.replacementEmail,
      image_url: null,
      ai_url: null,
      // Nobody's priority any more: the lead can never be assigned; rescoring keeps these at zero.
      engagement_score: 0,
      intent_score: 0,
      lead_quality_score: 0,
      probability_to_close_score: 0,
      lead_score: 0,
      updated_at: at,
    })
    .where((eb) => eb.or([eb('user_id', '=', person.userId), eb(sql<string>`lower(email)`, '=', person.email)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes a test lead an admin inserted (never a homeowner's); its assignments and disputes go with it. True when one was deleted. */
export async function deleteTestLead(db: Db, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('leads')
    .where('id', '=', id)
    .where('consent_version', '=', TEST_LEAD_CONSENT_VERSION)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
