// Issue 21: 'Recalculate Scores' runs in the background. One row per requested recalculation: its state,
// its progress (the last lead id written is the cursor a resumed run starts after), and the lease of the
// instance running it. `active_slot` is 'recalculation' while queued or running and null after, under a unique index,
// so two admins pressing the button at once get the same run instead of two.
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('score_recalculations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('queued'))
    .addColumn('active_slot', 'text', (column) => column.unique())
    .addColumn('requested_by', 'text')
    .addColumn('requested_at', t.timestamp, (column) => column.notNull())
    .addColumn('started_at', t.timestamp)
    .addColumn('finished_at', t.timestamp)
    .addColumn('total', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('scored', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('model', 'text')
    .addColumn('cursor', 'text')
    .addColumn('locked_until', t.timestamp)
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('score_recalculations_requested').on('score_recalculations').column('requested_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('score_recalculations').execute();
}
