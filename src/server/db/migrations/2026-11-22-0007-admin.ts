// The back office's own state: the lead-assignment settings row (auto-assignment mode and the round-robin
// pointer that concurrent assignments lock), single-use contractor invitations, and the indexes the admin
// leads table sorts by.
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);

  // Exactly one row (id 1). Every assignment locks it first, so round-robin turns and next-in-line
  // counts are read and written by one transaction at a time on both engines.
  await db.schema
    .createTable('assignment_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('auto_assignment', 'text', (c) =>
      c
        .notNull()
        .defaultTo('off')
        .check(sql`auto_assignment in ('off', 'round-robin', 'next-in-line')`),
    )
    // The contractor who had the last round-robin turn; no foreign key, so a deleted contractor's id
    // still marks the place in the rotation.
    .addColumn('round_robin_last_contractor_id', 'text')
    .addColumn('round_robin_turn', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.insertInto('assignment_settings').values({ id: 1 }).execute();

  await db.schema
    .createTable('contractor_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('contractor_id', 'text', (c) => c.notNull().references('contractors.id').onDelete('cascade'))
    .addColumn('application_id', 'text', (c) => c.references('contractor_applications.id').onDelete('set null'))
    // SHA-256 of the token in the emailed link; the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addColumn('accepted_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('contractor_invitations_contractor_idx').on('contractor_invitations').column('contractor_id').execute();

  // The admin leads table sorts by either score (newest first on ties); created_at has its index already.
  await db.schema.createIndex('leads_probability_idx').on('leads').columns(['probability_to_close_score', 'id']).execute();
  await db.schema.createIndex('leads_lead_score_idx').on('leads').columns(['lead_score', 'id']).execute();
  await db.schema.createIndex('leads_created_id_idx').on('leads').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('contractor_applications_status_idx')
    .on('contractor_applications')
    .columns(['status', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contractor_applications_status_idx').execute();
  await db.schema.dropIndex('leads_created_id_idx').execute();
  await db.schema.dropIndex('leads_lead_score_idx').execute();
  await db.schema.dropIndex('leads_probability_idx').execute();
  await db.schema.dropTable('contractor_invitations').ifExists().execute();
  await db.schema.dropTable('assignment_settings').ifExists().execute();
}
