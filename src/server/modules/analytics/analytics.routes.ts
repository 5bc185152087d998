// POST /api/events/batch: page views and time on site from the browser (sent with sendBeacon when a
// page is left). Recorded for signed-in users only; without a session the batch is skipped, not refused.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Transaction } from 'kysely';
import { LIMITS } from '#shared/constants';
import { trackEventsSchema } from '#shared/site.schema';
import type { Db } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { isPostgres } from '#server/db/sql-dialect';
import type { DomainEvents } from '#server/infra/domain-events';

export async function analyticsRoutes(app: FastifyInstance, { db, domainEvents }: { db: Db; domainEvents: DomainEvents }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // sendBeacon posts text/plain unless given a typed Blob; accept both.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(null, {});
    }
  });

  routes.post('/api/events/batch', { schema: { body: trackEventsSchema } }, async (request) => {
    const user = await request.currentUser();
    if (!user) return { success: true, recorded: 0, skipped: request.body.events.length };

    // The seed records time spent only above 10 s.
    const events = request.body.events.filter((event) => event.type !== 'time_spent' || event.time_spent_ms > LIMITS.timeSpentMinMs);
    const reported = events.reduce((total, event) => total + (event.type === 'time_spent' ? event.time_spent_ms : 0), 0);
    const now = new Date();
    let addedTime = 0;
    if (events.length) {
      await db.transaction().execute(async (trx) => {
        // Read under the transaction (the user's row locked on PostgreSQL), so simultaneous batches
        // credit one after the other and cannot each claim the same stretch of time.
        addedTime = await creditableTime(trx, user.id, reported, now);
        await trx
          .insertInto('user_events')
          .values(
            events.map(({ type, ...metadata }) => ({
              id: randomUUID(),
              user_id: user.id,
              event_type: type,
              metadata: JSON.stringify(metadata),
              created_at: metadata.timestamp,
            })),
          )
          .execute();
        if (addedTime > 0) {
          await trx
            .updateTable('users')
            .set({ total_time_on_site_ms: sql<number>`total_time_on_site_ms + ${addedTime}`, time_credited_at: now.toISOString() })
            .where('id', '=', user.id)
            .execute();
        }
      });
      // Time on site is an engagement signal; only a batch that added time moves the scores.
      if (addedTime > 0) await domainEvents.emit('lead.engaged', { target: { userId: user.id } });
    }
    return { success: true, recorded: events.length, skipped: request.body.events.length - events.length };
  });
}

/** A visitor often browses before signing up: the first credit may reach back this far before the account. */
const FIRST_CREDIT_REACH_BACK_MS = 60 * 60 * 1000;

/**
 * How much of the reported time is credited: never more than the clock has moved since the last credit,
 * so no number of batches, tabs or forged beacons can add time faster than it passes.
 */
async function creditableTime(trx: Transaction<Database>, userId: string, reportedMs: number, now: Date): Promise<number> {
  if (reportedMs <= 0) return 0;
  const row = await trx
    .selectFrom('users')
    .select(['time_credited_at', 'created_at'])
    .where('id', '=', userId)
    .$if(isPostgres(trx), (query) => query.forUpdate())
    .executeTakeFirst();
  if (!row) return 0;
  const since = row.time_credited_at ? Date.parse(row.time_credited_at) : Date.parse(row.created_at) - FIRST_CREDIT_REACH_BACK_MS;
  return Math.max(0, Math.min(reportedMs, now.getTime() - since));
}
