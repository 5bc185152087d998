// Uploads that never reached the email step are kept for UPLOAD_RETENTION_DAYS, then purged with their
// renders and stored images. Safe with several instances purging at once: each row is deleted by a
// statement that re-checks it is still eligible, and only the instance whose delete removed the row
// removes its objects (deleting an object twice is harmless anyway).
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '#server/db/database';
import type { Database } from '#server/db/schema';
import type { Storage } from '#server/infra/storage/storage';
import { removeObjects, storageKeysOfUploads } from './user-objects';
import { DAY_MS, HOUR_MS } from '#shared/time';
import { createPoller } from '#server/infra/poller';
import { nowOf, type Clock } from '#server/infra/clock';
import type { Log } from '#server/infra/log';

export type PurgeDeps = { db: Db; storage: Storage; retentionDays: number; log?: Log; now?: Clock };
export type PurgeResult = { candidates: number; purged: number; objectsRemoved: number; objectsFailed: number };

const BATCH = 100;

/** Older than the cut-off, no lead on any of its renders (never emailed), no render still in progress. */
const eligible = (cutoff: string) => (eb: ExpressionBuilder<Database, 'uploads'>) =>
  eb.and([
    eb('uploads.created_at', '<', cutoff),
    eb.not(
      eb.exists(
        eb
          .selectFrom('renders')
          .select(sql`1`.as('one'))
          .whereRef('renders.upload_id', '=', 'uploads.id')
          .where((inner) =>
            inner.or([
              inner('renders.status', 'in', ['queued', 'running']),
              inner.exists(
                inner
                  .selectFrom('leads')
                  .select(sql`1`.as('one'))
                  .whereRef('leads.render_id', '=', 'renders.id'),
              ),
            ]),
          ),
      ),
    ),
  ]);

export async function purgeStaleUploads(deps: PurgeDeps): Promise<PurgeResult> {
  const { db, storage, retentionDays, log } = deps;
  const cutoff = new Date(nowOf(deps).getTime() - retentionDays * DAY_MS).toISOString();
  const result: PurgeResult = { candidates: 0, purged: 0, objectsRemoved: 0, objectsFailed: 0 };
  const seen = new Set<string>();
  for (;;) {
    const batch = (await db.selectFrom('uploads').select('id').where(eligible(cutoff)).orderBy('created_at').limit(BATCH).execute())
      .map((row) => row.id)
      // A row another instance is still working on comes back in the next select; skip it rather than loop.
      .filter((id) => !seen.has(id));
    if (batch.length === 0) break;
    for (const id of batch) {
      seen.add(id);
      result.candidates += 1;
      const keys = await storageKeysOfUploads(db, [id]);
      // Renders go with the upload (cascade). Zero rows: another instance purged it, or it was emailed meanwhile.
      const deleted = await db.deleteFrom('uploads').where('id', '=', id).where(eligible(cutoff)).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) continue;
      result.purged += 1;
      const { removed, failed } = await removeObjects(storage, keys, log);
      result.objectsRemoved += removed;
      result.objectsFailed += failed;
    }
  }
  log?.info({ retentionDays, cutoff, ...result }, 'upload retention purge finished');
  return result;
}

export type PurgeScheduler = { start: () => void; stop: () => Promise<void> };

/** Runs the purge at start and then every intervalMs; one run at a time per instance. */
export function createPurgeScheduler(deps: PurgeDeps, intervalMs = 6 * HOUR_MS): PurgeScheduler {
  const poller = createPoller({
    name: 'upload retention purge',
    intervalMs,
    round: async () => void (await purgeStaleUploads(deps)),
    log: deps.log,
    unref: true,
  });
  return { start: poller.start, stop: poller.stop };
}
