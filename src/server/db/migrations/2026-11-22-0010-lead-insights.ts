// Insight notes on a lead (seed 001 'Lead dossier card' → Contractor Insights): written by admins and by
// the contractors the lead is assigned to, read newest first.
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('lead_insights')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('author_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    // Fixed when the note is written, so the note keeps its author after the account is gone.
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('author_role', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('lead_insights_lead_created_idx').on('lead_insights').columns(['lead_id', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lead_insights').ifExists().execute();
}
