// The feedback table: what homeowners rate and say (seed 000 §7), and the admin's view of it.
import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database';
import type { FeedbackTable } from '#server/db/schema';
import { withinWindow } from '#server/db/sql-dialect';
import type { DateWindow } from '#server/http/date-window';

export async function insertFeedback(db: Db, feedback: Insertable<FeedbackTable>): Promise<void> {
  await db.insertInto('feedback').values(feedback).execute();
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
