// The admin's leads search: leads whose email, name, ZIP or style contains the term, case-insensitively,
// through the index migration 0018 built: FTS5 trigram on SQLite, pg_trgm on PostgreSQL. A term shorter
// than three characters has no trigram to look up, so it scans as before (`containsInsensitive`).
// If an operator ever runs VACUUM on the SQLite file (it may renumber rowids), rebuild the index with
// `insert into leads_search (leads_search) values ('rebuild')`.
import { sql, type ExpressionBuilder, type SqlBool, type Expression } from 'kysely';
import type { Db } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { containsInsensitive, isPostgres } from '#server/db/sql-dialect';

const SEARCHED_COLUMNS = ['leads.email', 'leads.name', 'leads.zip', 'leads.style'] as const;
const SHORTEST_INDEXED_TERM = 3;

/** The condition on `leads` for a search term (already trimmed and non-empty). */
export function leadSearchCondition(db: Db, term: string) {
  return (eb: ExpressionBuilder<Database, 'leads'>): Expression<SqlBool> => {
    if ([...term].length < SHORTEST_INDEXED_TERM) return eb.or(SEARCHED_COLUMNS.map((column) => containsInsensitive(db, column, term)));
    if (isPostgres(db)) {
      const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      return sql<SqlBool>`leads.id in (select lead_id from lead_search_text where text like ${pattern} escape '\\')`;
    }
    // One FTS5 phrase: the term's characters as they are (a double quote doubled), matched in any column.
    const phrase = `"${term.replace(/"/g, '""')}"`;
    return sql<SqlBool>`leads.rowid in (select rowid from leads_search where leads_search match ${phrase})`;
  };
}
