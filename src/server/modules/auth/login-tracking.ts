// What a login leaves behind: the user's login counter and last-login time, and a `login` user event.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '#server/db/database';

export async function recordLogin(db: Db, userId: string, now: Date = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ login_count: sql`login_count + 1`, last_login_at: at })
      .where('id', '=', userId)
      .execute();
    await trx
      .insertInto('user_events')
      .values({ id: randomUUID(), user_id: userId, event_type: 'login', metadata: JSON.stringify({ timestamp: at }), created_at: at })
      .execute();
  });
}
