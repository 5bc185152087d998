// 'Recalculate Scores': every lead's scores again with computeLeadScores, from the lead's own fields and
// its homeowner's counters (the same signals the email step and the quote request use). Leads are read
// in id order, a batch at a time, each batch written in one transaction, only the rows whose scores moved.
import type { Db } from '../../db/database';
import type { Lead } from '../../db/schema';
import { computeLeadScores, type LeadScores } from '../scoring/lead-scoring';

export const RECALCULATION_BATCH = 500;

type LeadRow = Pick<
  Lead,
  | 'id'
  | 'user_id'
  | 'zip'
  | 'name'
  | 'phone'
  | 'wants_quote'
  | 'subscribe'
  | 'timeline'
  | 'budget'
  | 'render_count'
  | 'is_repeat_visitor'
  | 'engagement_score'
  | 'intent_score'
  | 'lead_quality_score'
  | 'probability_to_close_score'
  | 'lead_score'
>;
type UserCounters = { login_count: number; total_time_on_site_ms: number; feed_likes: number };

export function scoresFor(lead: LeadRow, user: UserCounters | undefined, inServiceArea: boolean): LeadScores {
  return computeLeadScores({
    renderCount: lead.render_count,
    loginCount: user?.login_count ?? 0,
    timeOnSiteMs: user?.total_time_on_site_ms ?? 0,
    feedLikes: user?.feed_likes ?? 0,
    // The email step counts no comments either; kept the same so a recalculation changes nothing by itself.
    feedComments: 0,
    isRepeatVisitor: user ? user.login_count > 1 : lead.is_repeat_visitor,
    wantsQuote: lead.wants_quote,
    subscribed: lead.subscribe,
    timeline: lead.timeline,
    budget: lead.budget,
    hasName: Boolean(lead.name),
    hasPhone: Boolean(lead.phone),
    inServiceArea,
  });
}

const unchanged = (lead: LeadRow, scores: LeadScores) =>
  lead.engagement_score === scores.engagement_score &&
  lead.intent_score === scores.intent_score &&
  lead.lead_quality_score === scores.lead_quality_score &&
  lead.probability_to_close_score === scores.probability_to_close_score &&
  lead.lead_score === scores.lead_score;

export async function recalculateLeadScores(db: Db, now: Date, batchSize = RECALCULATION_BATCH): Promise<{ leads: number; updated: number }> {
  const serviceArea = new Set((await db.selectFrom('service_area_zips').select('zip').where('active', '=', true).execute()).map((row) => row.zip));
  let after = '';
  let leads = 0;
  let updated = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('leads')
        .select([
          'id', 'user_id', 'zip', 'name', 'phone', 'wants_quote', 'subscribe', 'timeline', 'budget', 'render_count', 'is_repeat_visitor',
          'engagement_score', 'intent_score', 'lead_quality_score', 'probability_to_close_score', 'lead_score',
        ])
        .where('id', '>', after)
        .orderBy('id')
        .limit(batchSize)
        .execute();
      const userIds = [...new Set(rows.map((row) => row.user_id).filter((id): id is string => id !== null))];
      const users = userIds.length
        ? await trx
            .selectFrom('users')
            .select((eb) => [
              'id',
              'login_count',
              'total_time_on_site_ms',
              eb.selectFrom('feed_likes').select(eb.fn.countAll<number>().as('n')).whereRef('feed_likes.user_id', '=', 'users.id').as('feed_likes'),
            ])
            .where('id', 'in', userIds)
            .execute()
        : [];
      const counters = new Map(users.map((user) => [user.id, { login_count: user.login_count, total_time_on_site_ms: Number(user.total_time_on_site_ms), feed_likes: Number(user.feed_likes ?? 0) }]));
      let changed = 0;
      for (const lead of rows) {
        const scores = scoresFor(lead, lead.user_id ? counters.get(lead.user_id) : undefined, serviceArea.has(lead.zip));
        if (unchanged(lead, scores)) continue;
        await trx.updateTable('leads').set({ ...scores, updated_at: now.toISOString() }).where('id', '=', lead.id).execute();
        changed += 1;
      }
      return { count: rows.length, last: rows.at(-1)?.id, changed };
    });
    leads += batch.count;
    updated += batch.changed;
    if (!batch.last || batch.count < batchSize) break;
    after = batch.last;
  }
  return { leads, updated };
}
