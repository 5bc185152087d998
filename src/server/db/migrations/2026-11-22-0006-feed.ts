// Comments on community-feed designs, and the index the feed reads by.
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('feed_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('removed_at', t.timestamp)
    .addColumn('removed_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('feed_comments_lead_created_idx').on('feed_comments').columns(['lead_id', 'created_at']).execute();
  // The feed: consenting, visible leads, newest first.
  await db.schema.createIndex('leads_feed_idx').on('leads').columns(['share_in_feed', 'hidden_from_feed', 'created_at', 'id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_feed_idx').execute();
  await db.schema.dropTable('feed_comments').ifExists().execute();
}
