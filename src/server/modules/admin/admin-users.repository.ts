// The Users tab's list: people who signed up in the date window, newest first, and how many there are.
import type { Db } from '#server/db/database';
import { withinWindow } from '#server/db/sql-dialect';
import type { DateWindow } from '#server/http/date-window';

export async function findUsers(db: Db, window: DateWindow, limit: number) {
  const matching = db.selectFrom('users').$call(withinWindow('users.created_at', window));
  const [users, total] = await Promise.all([
    matching
      .leftJoin('contractors', 'contractors.user_id', 'users.id')
      .select([
        'users.id',
        'users.email',
        'users.name',
        'users.role',
        'users.login_count',
        'users.ai_renderings_count',
        'users.total_time_on_site_ms',
        'users.last_login_at',
        'users.created_at',
        // The contractor record this login works (a contractor's dashboard shows its leads).
        'contractors.name as contractor_name',
      ])
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id', 'desc')
      .limit(limit)
      .execute(),
    matching
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.count)),
  ]);
  return { users, total };
}
