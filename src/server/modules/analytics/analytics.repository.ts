// The user_events rows from the browser's batches, and the users' time-on-site counter they add to.
import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '#server/db/database';
import { isPostgres } from '#server/db/sql-dialect';
import type { UserEventsTable } from '#server/db/schema';

type UserEventType = Selectable<UserEventsTable>['event_type'];

export type UserEventRow = { type: UserEventType; timestamp: string; metadata: object };

export async function insertUserEvents(db: Db, userId: string, events: UserEventRow[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('user_events')
    .values(
      events.map((event) => ({
        id: randomUUID(),
        user_id: userId,
        event_type: event.type,
        metadata: JSON.stringify(event.metadata),
        created_at: event.timestamp,
      })),
    )
    .execute();
}

/** When the user's time was last credited (and when they signed up), their row locked to the end of the transaction on PostgreSQL. */
export async function lockTimeCredit(
  trx: Db,
  userId: string,
): Promise<{ time_credited_at: string | null; created_at: string } | undefined> {
  return trx
    .selectFrom('users')
    .select(['time_credited_at', 'created_at'])
    .where('id', '=', userId)
    .$if(isPostgres(trx), (query) => query.forUpdate())
    .executeTakeFirst();
}

export async function creditTimeOnSite(db: Db, userId: string, addedMs: number, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ total_time_on_site_ms: sql<number>`total_time_on_site_ms + ${addedMs}`, time_credited_at: at })
    .where('id', '=', userId)
    .execute();
}
