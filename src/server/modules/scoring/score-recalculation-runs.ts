// 'Recalculate Scores' in the background (issue 21). The admin's request only writes a queued row in
// score_recalculations; a runner in every web instance claims it with a lease and rescores the leads batch by
// batch (score-recalculation.service.ts), writing its progress and cursor in the same transaction as each
// batch. So the progress bar shows exactly what is written, and a run whose instance died (its lease ran
// out) or stopped is resumed after its last written lead by whichever instance polls next.
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '#server/db/database';
import type { ScoreRecalculationsTable } from '#server/db/schema';
import type { Clock } from '#server/infra/clock';
import type { Log } from '#server/infra/log';
import { createPoller } from '#server/infra/poller';
import type { ScoreRecalculation } from '#shared/back-office.schema';
import { RECALCULATION_BATCH, rescoreBatch } from './score-recalculation.service';
import { latestCloseModel, refitCloseModel, type FitOptions } from './scoring-model.repository';

/** How long a claimed run stays with its instance without writing a batch (a batch takes well under a second). */
export const RECALCULATION_LEASE_MS = 60_000;
const ACTIVE = 'recalculation';

type Row = Selectable<ScoreRecalculationsTable>;

function toRecalculation(row: Row): ScoreRecalculation {
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    scored: row.scored,
    updated: row.updated,
    model: row.model === 'prior' || row.model === 'fitted' ? row.model : null,
    requestedAt: row.requested_at,
    finishedAt: row.finished_at,
    error: row.error,
  };
}

const activeRow = (db: Db) => db.selectFrom('score_recalculations').selectAll().where('active_slot', '=', ACTIVE).executeTakeFirst();

/**
 * Queues a recalculation, or returns the one already queued or running: the unique `active_slot` makes two
 * simultaneous requests (two admins, two instances) end with one run.
 */
export async function requestRecalculation(db: Db, requestedBy: string | null, now: Date): Promise<ScoreRecalculation> {
  const existing = await activeRow(db);
  if (existing) return toRecalculation(existing);
  const id = randomUUID();
  await db
    .insertInto('score_recalculations')
    .values({ id, status: 'queued', active_slot: ACTIVE, requested_by: requestedBy, requested_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('active_slot').doNothing())
    .execute();
  const row = await activeRow(db);
  if (row) return toRecalculation(row);
  // The run finished between our insert and this read.
  return toRecalculation(await db.selectFrom('score_recalculations').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

/** The newest recalculation, whatever its state; null before the first. */
export async function latestRecalculation(db: Db): Promise<ScoreRecalculation | null> {
  const row = await db
    .selectFrom('score_recalculations')
    .selectAll()
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toRecalculation(row) : null;
}

class LeaseLost extends Error {}

export type RunOptions = {
  now: Clock;
  batchSize?: number;
  fit?: FitOptions;
  leaseMs?: number;
  /** Asked between batches: true ends the run early and hands it back to the queue (a shutdown). */
  stopping?: () => boolean | Promise<boolean>;
};

/**
 * Claims the active recalculation if it is queued or its lease ran out, and runs it to the end (or until
 * `stopping`). Resolves to false when there was nothing to claim.
 */
export async function runActiveRecalculation(db: Db, options: RunOptions): Promise<boolean> {
  const { now, batchSize = RECALCULATION_BATCH, leaseMs = RECALCULATION_LEASE_MS, stopping = () => false } = options;
  const candidate = await activeRow(db);
  const claimable = (row: Row) => row.status === 'queued' || !row.locked_until || row.locked_until < now().toISOString();
  if (!candidate || !claimable(candidate)) return false;

  let lease = new Date(now().getTime() + leaseMs).toISOString();
  const claimed = await db
    .updateTable('score_recalculations')
    .set({ status: 'running', locked_until: lease, started_at: candidate.started_at ?? now().toISOString() })
    .where('id', '=', candidate.id)
    .where('status', '=', candidate.status)
    .where((eb) => (candidate.locked_until === null ? eb('locked_until', 'is', null) : eb('locked_until', '=', candidate.locked_until)))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;

  try {
    // A fresh run refits the close model (stored as the newest) and counts the leads; a resumed one scores
    // with the model its first part used.
    const fresh = candidate.cursor === null;
    const model = fresh ? await refitCloseModel(db, now(), options.fit) : await latestCloseModel(db);
    if (fresh) {
      const { total } = await db
        .selectFrom('leads')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      await db
        .updateTable('score_recalculations')
        .set({ total: Number(total), model: model.kind })
        .where('id', '=', candidate.id)
        .execute();
    }
    let after = candidate.cursor ?? '';
    for (;;) {
      if (await stopping()) {
        // Handed back at once, so the next instance to start or poll carries on without waiting for the lease.
        await db.updateTable('score_recalculations').set({ status: 'queued', locked_until: null }).where('id', '=', candidate.id).execute();
        return true;
      }
      const held = lease;
      lease = new Date(now().getTime() + leaseMs).toISOString();
      const batch = await db.transaction().execute(async (trx) => {
        const result = await rescoreBatch(trx, model, now(), after, batchSize);
        const progress = await trx
          .updateTable('score_recalculations')
          .set((eb) => ({
            cursor: result.last ?? after,
            scored: eb('scored', '+', result.count),
            updated: eb('updated', '+', result.changed),
            locked_until: lease,
          }))
          .where('id', '=', candidate.id)
          .where('locked_until', '=', held)
          .executeTakeFirst();
        // Another instance took the run over after our lease ran out: this batch is not ours to write.
        if (Number(progress.numUpdatedRows) !== 1) throw new LeaseLost();
        return result;
      });
      if (!batch.last || batch.count < batchSize) break;
      after = batch.last;
    }
    await db
      .updateTable('score_recalculations')
      .set({ status: 'done', active_slot: null, locked_until: null, finished_at: now().toISOString() })
      .where('id', '=', candidate.id)
      .where('locked_until', '=', lease)
      .execute();
    return true;
  } catch (error) {
    if (error instanceof LeaseLost) return true;
    await db
      .updateTable('score_recalculations')
      .set({
        status: 'failed',
        active_slot: null,
        locked_until: null,
        finished_at: now().toISOString(),
        error: error instanceof Error ? error.message : String(error),
      })
      .where('id', '=', candidate.id)
      .execute();
    throw error;
  }
}

export type RecalculationRunner = { start: () => void; stop: () => Promise<void>; wake: () => void; tick: () => Promise<void> };

/**
 * The web instance's runner: looks for a queued or abandoned recalculation every `intervalMs`, and at once
 * when this instance queued one (`wake`).
 */
export function createRecalculationRunner(
  deps: { db: Db; now?: Clock; log?: Pick<Log, 'error'> },
  intervalMs = 5_000,
): RecalculationRunner {
  const now = deps.now ?? (() => new Date());
  const poller = createPoller({
    name: 'lead score recalculation',
    intervalMs,
    round: async () => {
      await runActiveRecalculation(deps.db, { now, stopping: () => poller.stopping() });
    },
    log: deps.log,
    unref: true,
  });
  return { start: poller.start, stop: poller.stop, wake: poller.wake, tick: poller.tick };
}
