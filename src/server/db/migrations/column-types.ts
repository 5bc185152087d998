// The few column types that differ between SQLite and PostgreSQL, for migrations only.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed as Kysely<any> on purpose
export function columnTypes(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    isPostgres,
    timestamp: isPostgres ? ('timestamptz' as const) : ('text' as const),
    /** The current time, in the same ISO-8601 form app code writes. */
    now: isPostgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    boolean: isPostgres ? ('boolean' as const) : ('integer' as const),
    false: isPostgres ? sql`false` : sql`0`,
    true: isPostgres ? sql`true` : sql`1`,
    real: isPostgres ? ('double precision' as const) : ('real' as const),
    money: isPostgres ? ('numeric(10, 2)' as const) : ('real' as const),
    bigInteger: isPostgres ? ('bigint' as const) : ('integer' as const),
  };
}
