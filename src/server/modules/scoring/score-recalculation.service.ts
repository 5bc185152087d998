// 'Recalculate Scores': refits the close-probability model from the leads' outcomes when there are
// enough (else the prior or the last fit stays), then rescores every lead. Leads are read by keyset
// (id order) a batch at a time; each batch gathers its signals in bulk and is written in one
// transaction, only the rows whose scores or explanations moved.
import type { Transaction } from 'kysely';
import type { Db } from '#server/db/database';
import type { Database } from '#server/db/schema';
import type { CloseModel } from './close-model';
import { SCORED_LEAD_COLUMNS } from './lead-signals.repository';
import { rescoreLeads } from './refresh-lead-scores';
import { refitCloseModel, type FitOptions } from './scoring-model.repository';

/**
 * Leads per batch (read, scored and written in one transaction). Writes dominate: each commit writes
 * every page it dirtied in the score indexes once, so few large commits cost far less than many small
 * ones (100,000 leads on SQLite: 13.8 s in batches of 500, 7.4 s in batches of 5,000). On SQLite a batch
 * holds the one connection for about 0.35 s, which other requests wait for during a recalculation.
 */
export const RECALCULATION_BATCH = 5000;

export type RecalculationResult = { leads: number; updated: number; model: 'prior' | 'fitted' };

/** One batch inside the caller's transaction: the next `batchSize` leads after `after` (id order), rescored. */
export async function rescoreBatch(trx: Transaction<Database>, model: CloseModel, now: Date, after: string, batchSize: number) {
  const rows = await trx.selectFrom('leads').select(SCORED_LEAD_COLUMNS).where('id', '>', after).orderBy('id').limit(batchSize).execute();
  return { count: rows.length, last: rows.at(-1)?.id, changed: await rescoreLeads(trx, rows, model, now) };
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
