// The signals of a few leads (a page being shown), gathered with one query per kind (users' counters,
// succeeded renders, feed likes, feed comments, service-area ZIPs) rather than per lead. The same signals
// as SQL, for rescoring many leads at once, are in lead-scores-sql.ts; keep the two in step.
import type { Db } from '#server/db/database';
import type { Lead } from '#server/db/schema';
import type { LeadSignals } from './lead-scoring';
import { zipIncomeTier } from './zip-income-tier';

/** The lead columns the signals are read from. */
export const SIGNAL_COLUMNS = [
  'id',
  'email',
  'user_id',
  'zip',
  'name',
  'phone',
  'wants_quote',
  'subscribe',
  'timeline',
  'budget',
  'room_type',
  'project_type',
  'notes',
  'email_confirmed',
  'render_count',
  'is_repeat_visitor',
] as const;
export type SignalLead = Pick<Lead, (typeof SIGNAL_COLUMNS)[number]>;

type Activity = { loginCount: number; timeOnSiteMs: number; renderCount: number; feedLikes: number; feedComments: number };

async function countByUser(db: Db, table: 'renders' | 'feed_likes' | 'feed_comments', userIds: string[]): Promise<Map<string, number>> {
  let query = db
    .selectFrom(table)
    .select((eb) => ['user_id', eb.fn.countAll<number>().as('n')])
    .where('user_id', 'in', userIds)
    .groupBy('user_id');
  // Only finished renders count as engagement, and comments an admin removed do not count.
  if (table === 'renders') query = query.where('status', '=', 'succeeded');
  if (table === 'feed_comments') query = query.where('removed_at', 'is', null);
  const rows = (await query.execute()) as Array<{ user_id: string | null; n: number | string }>;
  return new Map(rows.map((row) => [row.user_id ?? '', Number(row.n)]));
}

async function activityOf(db: Db, userIds: string[]): Promise<Map<string, Activity>> {
  if (userIds.length === 0) return new Map();
  const [users, renders, likes, comments] = await Promise.all([
    db.selectFrom('users').select(['id', 'login_count', 'total_time_on_site_ms']).where('id', 'in', userIds).execute(),
    countByUser(db, 'renders', userIds),
    countByUser(db, 'feed_likes', userIds),
    countByUser(db, 'feed_comments', userIds),
  ]);
  return new Map(
    users.map((user) => [
      user.id,
      {
        loginCount: user.login_count,
        timeOnSiteMs: Number(user.total_time_on_site_ms),
        renderCount: renders.get(user.id) ?? 0,
        feedLikes: likes.get(user.id) ?? 0,
        feedComments: comments.get(user.id) ?? 0,
      },
    ]),
  );
}

export async function loadLeadSignals(db: Db, leads: SignalLead[]): Promise<Map<string, LeadSignals>> {
  const userIds = [...new Set(leads.flatMap((lead) => (lead.user_id ? [lead.user_id] : [])))];
  const zips = [...new Set(leads.map((lead) => lead.zip))];
  const [activity, served] = await Promise.all([
    activityOf(db, userIds),
    zips.length
      ? db
          .selectFrom('service_area_zips')
          .select('zip')
          .where('zip', 'in', zips)
          .where('active', '=', true)
          .execute()
          .then((rows) => new Set(rows.map((row) => row.zip)))
      : new Set<string>(),
  ]);
  return new Map(
    leads.map((lead) => {
      const user = lead.user_id ? activity.get(lead.user_id) : undefined;
      const signals: LeadSignals = {
        // A lead without an account (debug and imported leads) keeps the counts stored on it.
        renderCount: user?.renderCount ?? lead.render_count,
        loginCount: user?.loginCount ?? 0,
        timeOnSiteMs: user?.timeOnSiteMs ?? 0,
        feedLikes: user?.feedLikes ?? 0,
        feedComments: user?.feedComments ?? 0,
        isRepeatVisitor: user ? user.loginCount > 1 : lead.is_repeat_visitor,
        wantsQuote: lead.wants_quote,
        subscribed: lead.subscribe,
        timeline: lead.timeline,
        budget: lead.budget,
        hasName: Boolean(lead.name),
        hasPhone: Boolean(lead.phone),
        roomType: lead.room_type,
        hasProjectDetails: Boolean(lead.project_type || lead.notes),
        emailConfirmed: lead.email_confirmed,
        inServiceArea: served.has(lead.zip),
        incomeTier: zipIncomeTier(lead.zip),
      };
      return [lead.id, signals];
    }),
  );
}
