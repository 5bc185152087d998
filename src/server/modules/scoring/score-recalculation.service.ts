// 'Recalculate Scores': refits the close-probability model from the leads' outcomes when there are
// enough (else the prior or the last fit stays), then rescores every lead. Leads go by keyset (id order)
// a batch at a time; each batch is one UPDATE that scores its leads in the database (lead-scores-sql.ts)
// and writes only the rows whose scores moved.
import { sql, type Transaction } from 'kysely';
import { isPostgres } from '#server/db/sql-dialect';
import type { Db } from '#server/db/database';
import type { Database } from '#server/db/schema';
import type { CloseModel } from './close-model';
import { rescoreInDatabase } from './lead-scores-sql';
import { refitCloseModel, type FitOptions } from './scoring-model.repository';

/**
 * Leads per batch (one statement in one transaction). Few large commits cost less than many small ones,
 * since each writes the score-index pages it dirtied once (100,000 leads on SQLite: 3.2 s in batches of
 * 5,000, 2.0 s in batches of 20,000). On SQLite a batch holds the one connection for about 0.4 s, which
 * other requests wait for during a recalculation, as long as the JavaScript batches of 5,000 held it before.
 */
export const RECALCULATION_BATCH = 20_000;

export type RecalculationResult = { leads: number; updated: number; model: 'prior' | 'fitted' };

/** One batch inside the caller's transaction: the next `batchSize` leads after `after` (id order), rescored. */
export async function rescoreBatch(trx: Transaction<Database>, model: CloseModel, now: Date, after: string, batchSize: number) {
  // The batch's bounds and size from the primary key's index alone; the UPDATE then covers exactly them.
  const bounds = await trx
    .selectFrom((qb) => qb.selectFrom('leads').select('id').where('id', '>', after).orderBy('id').limit(batchSize).as('batch'))
    .select((eb) => [eb.fn.max('batch.id').as('last'), eb.fn.countAll<number | string>().as('count')])
    .executeTakeFirstOrThrow();
  const count = Number(bounds.count);
  if (count === 0 || !bounds.last) return { count: 0, last: undefined, changed: 0 };
  // PostgreSQL's planner prices the per-lead subqueries high enough to compile the statement to machine code
  // first, which costs more (about 0.5 s) than running it; this transaction goes without.
  if (isPostgres(trx)) await sql`set local jit = off`.execute(trx);
  const changed = await rescoreInDatabase(trx, { after, through: bounds.last }, model, now);
  return { count, last: bounds.last, changed };
}

export async function recalculateLeadScores(
  db: Db,
  now: Date,
  options: { batchSize?: number; fit?: FitOptions } = {},
): Promise<RecalculationResult> {
  const batchSize = options.batchSize ?? RECALCULATION_BATCH;
  const model = await refitCloseModel(db, now, options.fit);
  let after = '';
  let leads = 0;
  let updated = 0;
  for (;;) {
    const batch = await db.transaction().execute((trx) => rescoreBatch(trx, model, now, after, batchSize));
    leads += batch.count;
    updated += batch.changed;
    if (!batch.last || batch.count < batchSize) break;
    after = batch.last;
  }
  return { leads, updated, model: model.kind };
}
