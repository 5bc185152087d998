// The renders table: one row per render, from queued to its stored result.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '#server/db/database';
import type { RendersTable } from '#server/db/schema';

export type RenderRow = Selectable<RendersTable>;

export async function findRender(db: Db, id: string): Promise<RenderRow | undefined> {
  return db.selectFrom('renders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertRender(db: Db, render: Insertable<RendersTable>): Promise<void> {
  await db.insertInto('renders').values(render).execute();
}

/** Fails a render that has not started; one already running is left to its worker (which is told to cancel). */
export async function failQueuedRender(db: Db, id: string, error: string): Promise<void> {
  await db.updateTable('renders').set({ status: 'failed', error }).where('id', '=', id).where('status', '=', 'queued').execute();
}
