// The few SQL expressions that differ between SQLite and PostgreSQL in back-office queries: row locks,
// case-insensitive substring search, hour buckets of a timestamp, and numbers inside JSON text.
import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from './schema';

export const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Case-insensitive "contains", with the term's own % and _ taken literally: `ilike` on PostgreSQL (which
 * folds every letter), plain `like` on SQLite (which folds ASCII letters only, as its lower() would;
 * skipping lower() saves a function call per row on a 100,000-lead search).
 */
export function containsInsensitive(db: Kysely<Database>, column: string, term: string): RawBuilder<SqlBool> {
  const pattern = `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return isPostgres(db)
    ? sql<SqlBool>`${sql.ref(column)} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/** 'YYYY-MM-DDTHH' of a timestamp column in UTC: whole hours, so they can be bucketed into any zone's days. */
export function utcHour(db: Kysely<Database>, column: string): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`
    : sql<string>`substr(${sql.ref(column)}, 1, 13)`;
}

/** A numeric member of a JSON text column, e.g. user_events.metadata → time_spent_ms. */
export function jsonNumber(db: Kysely<Database>, column: string, key: string): RawBuilder<number | null> {
  if (!/^[a-z_]+$/.test(key)) throw new Error(`Unsafe JSON key: ${key}`);
  return isPostgres(db)
    ? sql<number | null>`cast(cast(${sql.ref(column)} as jsonb) ->> ${sql.lit(key)} as double precision)`
    : sql<number | null>`json_extract(${sql.ref(column)}, ${`$.${key}`})`;
}

type Filterable<T> = { where: (expression: Expression<SqlBool>) => T };

/** Adds `column >= from` and `column < before` for the bounds that are set. */
export function withinWindow(column: string, window: { from: string | null; before: string | null }) {
  return <T extends Filterable<T>>(query: T): T => {
    let filtered = query;
    if (window.from !== null) filtered = filtered.where(sql<SqlBool>`${sql.ref(column)} >= ${window.from}`);
    if (window.before !== null) filtered = filtered.where(sql<SqlBool>`${sql.ref(column)} < ${window.before}`);
    return filtered;
  };
}
