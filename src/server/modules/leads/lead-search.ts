// The admin's leads search: leads whose email, name, ZIP or style contains the term, case-insensitively,
// through the index migration 0018 built: FTS5 trigram on SQLite, pg_trgm on PostgreSQL. A term shorter
// than three characters has no trigram to look up, so it scans as before (`containsInsensitive`). So does a
// term most leads contain, on SQLite (`COMMON_TERM`).
// If an operator ever runs VACUUM on the SQLite file (it may renumber rowids), rebuild the index with
// `insert into leads_search (leads_search) values ('rebuild')`.
import { sql, type ExpressionBuilder, type SqlBool, type Expression } from 'kysely';
import type { Db } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { containsInsensitive, isPostgres } from '#server/db/sql-dialect';

const SEARCHED_COLUMNS = ['leads.email', 'leads.name', 'leads.zip', 'leads.style'] as const;
const SHORTEST_INDEXED_TERM = 3;

/**
 * On SQLite, a term the index finds in more leads than this is looked for lead by lead instead. SQLite answers
 * `rowid in (…)` by collecting every match first: for a term in every lead of 1,000,000 (a mail domain) that is
 * 0.6 s for each page and count. Looked for along the list's own order, such a term fills a page of 50 within
 * the first few thousand leads (under 2 ms). The index tells the two apart by finding at most this many matches,
 * which it does without reading the rest (3 ms). (PostgreSQL's planner makes this choice itself.) Only a term in
 * plain ASCII is scanned: LIKE folds the case of ASCII letters only, where the index folds every letter's, so a
 * term with any other character stays with the index, slower when common but with the same answer (decision 073).
 */
const COMMON_TERM = 10_000;
const PLAIN_ASCII = /^[\x20-\x7e]+$/;

export type LeadSearchCondition = (eb: ExpressionBuilder<Database, 'leads'>) => Expression<SqlBool>;

/** The condition on `leads` for a search term (already trimmed and non-empty). */
export async function leadSearchCondition(db: Db, term: string): Promise<LeadSearchCondition> {
  const scan: LeadSearchCondition = (eb) => eb.or(SEARCHED_COLUMNS.map((column) => containsInsensitive(db, column, term)));
  if ([...term].length < SHORTEST_INDEXED_TERM) return scan;
  if (isPostgres(db) || !PLAIN_ASCII.test(term)) return indexedCondition(db, term);
  const found = await sql<{ count: number }>`select count(*) as count from
    (select rowid from leads_search where leads_search match ${ftsPhrase(term)} limit ${COMMON_TERM + 1})`.execute(db);
  return Number(found.rows[0].count) > COMMON_TERM ? scan : indexedCondition(db, term);
}

/** One FTS5 phrase: the term's characters as they are (a double quote doubled), matched in any column. */
const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

function indexedCondition(db: Db, term: string): LeadSearchCondition {
  return () => {
    if (isPostgres(db)) {
      const needle = term.toLowerCase();
      const lookedUp = indexedPart(needle);
      // strpos is a plain "contains" the trigram index cannot serve: the whole term, checked on the rows found.
      const wholeTerm = lookedUp === needle ? sql`` : sql` and strpos(text, ${needle}) > 0`;
      return sql<SqlBool>`leads.id in (select lead_id from lead_search_text where text like ${likePattern(lookedUp)} escape '\\'${wholeTerm})`;
    }
    return sql<SqlBool>`leads.rowid in (select rowid from leads_search where leads_search match ${ftsPhrase(term)})`;
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
