// The mail outbox's sending lease and stable Message-ID: a sender that dies mid-send leaves a lease
// that runs out, and a resend carries the same Message-ID so a receiving server can drop the duplicate.
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('mail_outbox').addColumn('locked_until', t.timestamp).execute();
  await db.schema.alterTable('mail_outbox').addColumn('message_id', 'text').execute();
  await db.schema.createIndex('mail_outbox_lease_idx').on('mail_outbox').columns(['status', 'locked_until']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_lease_idx').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('message_id').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('locked_until').execute();
}
