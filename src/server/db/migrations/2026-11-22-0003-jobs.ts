// Durable jobs (render jobs first), the prompt and provider of each render, and the short-lived
// single-use links behind 'QR Code Upload'.
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('run_after', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', t.timestamp)
    .addColumn('last_error', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['queue', 'status', 'run_after']).execute();
  await db.schema.createIndex('jobs_lease_idx').on('jobs').columns(['status', 'locked_until']).execute();

  await db.schema.alterTable('renders').addColumn('prompt', 'text').execute();
  await db.schema.alterTable('renders').addColumn('provider', 'text').execute();
  await db.schema
    .alterTable('renders')
    .addColumn('fallback', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .execute();

  await db.schema
    .createTable('upload_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('upload_id', 'text', (c) => c.references('uploads.id').onDelete('set null'))
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upload_links').ifExists().execute();
  await db.schema.alterTable('renders').dropColumn('fallback').execute();
  await db.schema.alterTable('renders').dropColumn('provider').execute();
  await db.schema.alterTable('renders').dropColumn('prompt').execute();
  await db.schema.dropTable('jobs').ifExists().execute();
}
