// Issue 18 (real AI): which model made each render and what it is estimated to have cost, so the System
// status tab can show spend per provider and the daily budget can be enforced (renders.completed_at is
// the day a charge falls on).
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('renders').addColumn('model', 'text').execute();
  // The provider the engine was bound to when the render ran; `provider` says what made the image (the
  // offline preview after a fall-back), this says whom the attempt went to, for failure rates.
  await db.schema.alterTable('renders').addColumn('bound_provider', 'text').execute();
  // Why the offline preview stood in: 'ai-unavailable' (the provider failed) or 'daily-budget' (spend guard).
  await db.schema.alterTable('renders').addColumn('fallback_reason', 'text').execute();
  await db.schema
    .alterTable('renders')
    .addColumn('cost_usd', t.real, (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('renders_completed_idx').on('renders').column('completed_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('renders_completed_idx').execute();
  await db.schema.alterTable('renders').dropColumn('cost_usd').execute();
  await db.schema.alterTable('renders').dropColumn('fallback_reason').execute();
  await db.schema.alterTable('renders').dropColumn('bound_provider').execute();
  await db.schema.alterTable('renders').dropColumn('model').execute();
}
