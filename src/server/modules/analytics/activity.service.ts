// What a signed-in person's browser reports (page views, time on site): the events are kept, and time on site
// is credited no faster than the clock moves, so no number of batches, tabs or forged beacons adds time
// faster than it passes. Time on site is engagement: a batch that added time rescores their leads.
import type { CurrentUser } from '#shared/api';
import { LIMITS } from '#shared/constants';
import type { TrackEvents } from '#shared/site.schema';
import { HOUR_MS } from '#shared/time';
import type { Db } from '#server/db/database';
import type { DomainEvents } from '#server/infra/domain-events';
import { creditTimeOnSite, insertUserEvents, lockTimeCredit } from './analytics.repository';

/** A visitor often browses before signing up: the first credit may reach back this far before the account. */
const FIRST_CREDIT_REACH_BACK_MS = HOUR_MS;

export async function recordActivity(
  deps: { db: Db; domainEvents: DomainEvents },
  user: CurrentUser,
  batch: TrackEvents['events'],
  now: Date,
): Promise<{ recorded: number; skipped: number }> {
  // The seed records time spent only above 10 s.
  const events = batch.filter((event) => event.type !== 'time_spent' || event.time_spent_ms > LIMITS.timeSpentMinMs);
  const reported = events.reduce((total, event) => total + (event.type === 'time_spent' ? event.time_spent_ms : 0), 0);
  let addedTime = 0;
  if (events.length) {
    await deps.db.transaction().execute(async (trx) => {
      // Read under the transaction (the user's row locked on PostgreSQL), so simultaneous batches credit
      // one after the other and cannot each claim the same stretch of time.
      addedTime = await creditableTime(trx, user.id, reported, now);
      await insertUserEvents(
        trx,
        user.id,
        events.map(({ type, ...metadata }) => ({ type, timestamp: metadata.timestamp, metadata })),
      );
      if (addedTime > 0) await creditTimeOnSite(trx, user.id, addedTime, now.toISOString());
    });
    if (addedTime > 0) await deps.domainEvents.emit('lead.engaged', { target: { userId: user.id } });
  }
  return { recorded: events.length, skipped: batch.length - events.length };
}

/** How much of the reported time is credited: never more than the clock has moved since the last credit. */
async function creditableTime(trx: Db, userId: string, reportedMs: number, now: Date): Promise<number> {
  if (reportedMs <= 0) return 0;
  const row = await lockTimeCredit(trx, userId);
  if (!row) return 0;
  const since = row.time_credited_at ? Date.parse(row.time_credited_at) : Date.parse(row.created_at) - FIRST_CREDIT_REACH_BACK_MS;
  return Math.max(0, Math.min(reportedMs, now.getTime() - since));
}
