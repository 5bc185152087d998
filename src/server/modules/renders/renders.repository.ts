// The renders table: one row per render, from queued to its stored result.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '#server/db/database';
import type { RendersTable } from '#server/db/schema';

export type RenderRow = Selectable<RendersTable>;

export async function findRender(db: Db, id: string): Promise<RenderRow | undefined> {
  return db.selectFrom('renders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertRender(db: Db, render: Insertable<RendersTable>): Promise<void> {
  await db.insertInto('renders').values(render).execute();
}

/** Fails a render that has not started (true when it did); one already running is left to its worker (told to cancel). */
export async function failQueuedRender(db: Db, id: string, error: string): Promise<boolean> {
  const result = await db
    .updateTable('renders')
    .set({ status: 'failed', error })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The render waiting on a provider's prediction (a webhook names the prediction, not the render). */
export async function findRenderByProviderJob(db: Db, providerJobId: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('renders').select('id').where('provider_job_id', '=', providerJobId).executeTakeFirst();
}

export async function countRendersSince(db: Db, since: string): Promise<number> {
  const row = await db
    .selectFrom('renders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An engine's renders since an instant that failed, or that fell back to the offline preview. */
export async function countEngineRenders(db: Db, engine: string, since: string, what: 'failed' | 'fallback'): Promise<number> {
  const row = await db
    .selectFrom('renders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('engine', '=', engine)
    .where('created_at', '>=', since)
    .$if(what === 'failed', (qb) => qb.where('status', '=', 'failed'))
    .$if(what === 'fallback', (qb) => qb.where('fallback', '=', true))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How long an engine's latest successful renders took, newest first. */
export async function recentRenderTimes(db: Db, engine: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('renders')
    .select('processing_time_ms')
    .where('engine', '=', engine)
    .where('status', '=', 'succeeded')
    .where('processing_time_ms', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.processing_time_ms));
}

/** The render job's writes as it runs: status, phase and progress, the provider's job id, the result. */
export async function updateRender(db: Db, id: string, changes: Updateable<RendersTable>): Promise<void> {
  await db.updateTable('renders').set(changes).where('id', '=', id).execute();
}

/**
 * A worker starts (or, after a crash or a retry, resumes) a render that is still waiting or running. False when it
 * has ended meanwhile: the homeowner may stop a queued render just after a worker took its job from the queue.
 */
export async function startRender(db: Db, id: string, changes: Updateable<RendersTable>): Promise<boolean> {
  const result = await db
    .updateTable('renders')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
