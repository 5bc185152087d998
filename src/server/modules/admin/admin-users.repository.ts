// The Users tab's list: people who signed up in the date window, newest first, and how many there are.
import type { Db } from '#server/db/database';
import { withinWindow } from '#server/db/sql-dialect';
import type { DateWindow } from '#server/http/date-window';

export async function findUsers(db: Db, window: DateWindow, limit: number) {
  const matching = db.selectFrom('users').$call(withinWindow('users.created_at', window));
  const [users, total] = await Promise.all([
    matching
      .select(['id', 'email', 'name', 'role', 'login_count', 'ai_renderings_count', 'total_time_on_site_ms', 'last_login_at', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    matching
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.count)),
  ]);
  return { users, total };
}
