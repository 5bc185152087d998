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
      const needle = term.toLowerCase();
      const lookedUp = indexedPart(needle);
      // strpos is a plain "contains" the trigram index cannot serve: the whole term, checked on the rows found.
      const wholeTerm = lookedUp === needle ? sql`` : sql` and strpos(text, ${needle}) > 0`;
      return sql<SqlBool>`leads.id in (select lead_id from lead_search_text where text like ${likePattern(lookedUp)} escape '\\'${wholeTerm})`;
    }
    // One FTS5 phrase: the term's characters as they are (a double quote doubled), matched in any column.
    const phrase = `"${term.replace(/"/g, '""')}"`;
    return sql<SqlBool>`leads.rowid in (select rowid from leads_search where leads_search match ${phrase})`;
  };
}

/** `%term%` for LIKE, with the term's own %, _ and \\ taken literally. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * The part of a term pg_trgm's index is asked for. An email's domain is shared by many leads (a few mail providers
 * serve most homeowners), so each of its trigrams is a long list in the index, and intersecting them was most of a
 * whole email's search (39 ms, against 10 ms for its part up to the '@', at 1,000,000 leads; issue 22). So for a term
 * with at least three characters before an '@', the index is asked for the part up to and including the '@', and the
 * whole term is checked on the few rows found. Every other term is looked up whole.
 */
function indexedPart(term: string): string {
  const at = term.indexOf('@');
  if (at < 0 || [...term.slice(0, at)].length < SHORTEST_INDEXED_TERM) return term;
  return term.slice(0, at + 1);
}
