// Lead scoring: the factors behind each lead's scores (JSON, read with the lead in one query), the fitted
// close-probability models (the newest row is the one in use), and the index the bulk signal query
// counts feed comments by.
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // ScoreFactors as JSON text; null until the lead is first scored with explanations.
  await db.schema.alterTable('leads').addColumn('score_factors', 'text').execute();

  await db.schema
    .createTable('scoring_models')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('converted_count', 'integer', (c) => c.notNull())
    .addColumn('dead_count', 'integer', (c) => c.notNull())
    // { intercept, weights: { engagement, intent, quality } } on scores scaled to 0–1.
    .addColumn('weights', 'text', (c) => c.notNull())
    .addColumn('l2', t.real, (c) => c.notNull())
    .addColumn('log_loss', t.real, (c) => c.notNull())
    .addColumn('accuracy', t.real, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('scoring_models_created_idx').on('scoring_models').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('feed_comments_user_idx').on('feed_comments').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('feed_comments_user_idx').execute();
  await db.schema.dropTable('scoring_models').ifExists().execute();
  await db.schema.alterTable('leads').dropColumn('score_factors').execute();
}
