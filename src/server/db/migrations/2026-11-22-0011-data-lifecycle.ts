// The data lifecycle: addresses that must get no more mail (a deleted account's), kept only as a hash,
// and the index the retention purge reads old uploads by.
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('mail_suppressions')
    // SHA-256 of the lower-cased address: enough to refuse mail to it, without keeping the address.
    .addColumn('address_hash', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('uploads_created_idx').on('uploads').column('created_at').execute();
  await db.schema.createIndex('renders_upload_idx').on('renders').column('upload_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('renders_upload_idx').execute();
  await db.schema.dropIndex('uploads_created_idx').execute();
  await db.schema.dropTable('mail_suppressions').ifExists().execute();
}
