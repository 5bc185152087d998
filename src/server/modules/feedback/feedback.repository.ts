// The feedback table: what homeowners rate and say (seed 000 §7), and the admin's view of it.
import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database';
import type { FeedbackTable } from '#server/db/schema';
import { withinWindow } from '#server/db/sql-dialect';
import type { DateWindow } from '#server/http/date-window';

/**
 * Stores a rating. One per lead: a second one from the same email link replaces the first (and a changed
 * quote needs the admin's approval again). Returns the stored row's id.
 */
export async function saveFeedback(db: Db, feedback: Insertable<FeedbackTable>, now: string): Promise<string> {
  if (!feedback.lead_id) {
    await db.insertInto('feedback').values(feedback).execute();
    return feedback.id;
  }
  await db
    .insertInto('feedback')
    .values(feedback)
    .onConflict((conflict) =>
      conflict.column('lead_id').doUpdateSet({
        rating: feedback.rating,
        comment: feedback.comment,
        source: feedback.source,
        page_location: feedback.page_location,
        user_id: feedback.user_id,
        quote_consent: feedback.quote_consent,
        quote_name: feedback.quote_name,
        quote_approved_at: null,
        updated_at: now,
      }),
    )
    .execute();
  const row = await db.selectFrom('feedback').select('id').where('lead_id', '=', feedback.lead_id).executeTakeFirstOrThrow();
  return row.id;
}

/** Approves a consented quote for the town pages (or withdraws the approval). False when it may not be quoted. */
export async function setQuoteApproval(db: Db, id: string, approvedAt: string | null): Promise<'done' | 'not-found' | 'no-consent'> {
  const row = await db.selectFrom('feedback').select(['quote_consent']).where('id', '=', id).executeTakeFirst();
  if (!row) return 'not-found';
  if (approvedAt && !row.quote_consent) return 'no-consent';
  await db.updateTable('feedback').set({ quote_approved_at: approvedAt }).where('id', '=', id).execute();
  return 'done';
}

/** Approved quotes from homeowners whose lead is in one of these ZIP codes, newest first. */
export async function findApprovedQuotes(db: Db, zips: readonly string[], limit: number) {
  const rows = await db
    .selectFrom('feedback')
    .innerJoin('leads', 'leads.id', 'feedback.lead_id')
    .leftJoin('service_area_zips', 'service_area_zips.zip', 'leads.zip')
    .select(['feedback.id', 'feedback.comment', 'feedback.quote_name', 'feedback.rating', 'service_area_zips.town'])
    .where('feedback.quote_consent', '=', true)
    .where('feedback.quote_approved_at', 'is not', null)
    .where('feedback.comment', 'is not', null)
    .where('feedback.quote_name', 'is not', null)
    .where('leads.zip', 'in', [...zips])
    .orderBy('feedback.quote_approved_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, quote: row.comment!, name: row.quote_name!, town: row.town ?? '', rating: row.rating }));
}

/** The Feedback tab's rows in the date window, newest first, each with its lead when it has one. */
export async function findFeedback(db: Db, window: DateWindow, limit: number) {
  const rows = await db
    .selectFrom('feedback')
    .leftJoin('leads', 'leads.id', 'feedback.lead_id')
    .$call(withinWindow('feedback.created_at', window))
    .select([
      'feedback.id',
      'feedback.rating',
      'feedback.comment',
      'feedback.source',
      'feedback.created_at',
      'leads.id as lead_id',
      'leads.name as lead_name',
      'leads.email as lead_email',
      'leads.room_type as lead_room_type',
      'leads.style as lead_style',
      'feedback.quote_consent',
      'feedback.quote_name',
      'feedback.quote_approved_at',
      (eb) =>
        eb
          .selectFrom('service_area_zips')
          .select('service_area_zips.town')
          .whereRef('service_area_zips.zip', '=', 'leads.zip')
          .as('lead_town'),
    ])
    .orderBy('feedback.created_at', 'desc')
    .orderBy('feedback.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    // With a lead_id the joined lead row exists, so its (required) email is there.
    leads:
      row.lead_id === null ? null : { name: row.lead_name, email: row.lead_email!, room_type: row.lead_room_type, style: row.lead_style },
    rating: row.rating,
    comment: row.comment,
    source: row.source,
    created_at: row.created_at,
    quote: { consent: row.quote_consent, name: row.quote_name, town: row.lead_town ?? null, approved: row.quote_approved_at !== null },
  }));
}

/** The overview over the whole window: count, average rating, entries with comments, count per star. */
export async function feedbackStats(db: Db, window: DateWindow) {
  const rows = await db
    .selectFrom('feedback')
    .$call(withinWindow('feedback.created_at', window))
    .select((eb) => [
      'rating',
      eb.fn.countAll<number>().as('count'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.fn('trim', [eb.fn.coalesce('comment', eb.val(''))]), '!=', '')
            .then(1)
            .else(0)
            .end(),
        )
        .as('with_comments'),
    ])
    .groupBy('rating')
    .execute();
  const ratings = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as Record<1 | 2 | 3 | 4 | 5, number>;
  let totalFeedback = 0;
  let ratingSum = 0;
  let withComments = 0;
  for (const row of rows) {
    const count = Number(row.count);
    ratings[row.rating as 1 | 2 | 3 | 4 | 5] = count;
    totalFeedback += count;
    ratingSum += row.rating * count;
    withComments += Number(row.with_comments ?? 0);
  }
  return { totalFeedback, avgRating: totalFeedback > 0 ? Math.round((10 * ratingSum) / totalFeedback) / 10 : 0, withComments, ratings };
}
