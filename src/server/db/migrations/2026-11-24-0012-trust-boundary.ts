// Issue 16 (trust boundary): whether a lead's email address is confirmed, a design email waiting for
// that confirmation, and the moment up to which a user's time on site has been credited (time cannot
// accrue faster than the clock).
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('leads')
    .addColumn('email_confirmed', t.boolean, (column) => column.notNull().defaultTo(t.false))
    .execute();
  await db.schema
    .alterTable('leads')
    .addColumn('design_email_pending', t.boolean, (column) => column.notNull().defaultTo(t.false))
    .execute();
  await db.schema.alterTable('users').addColumn('time_credited_at', t.timestamp).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('time_credited_at').execute();
  await db.schema.alterTable('leads').dropColumn('design_email_pending').execute();
  await db.schema.alterTable('leads').dropColumn('email_confirmed').execute();
}
