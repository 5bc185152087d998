// Issue 21 (the lead business): how many contractors one lead may go to, the response deadline and automatic
// reassignment (settings); each contractor's exclusive price and monthly caps; the homeowner's consent to be
// contacted, stored with the lead; each assignment's price, exclusivity, deadline and notification email;
// disputes; and one append-only ledger of charges, subscription fees and credits, in whole cents.
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('assignment_settings')
    .addColumn('max_contractors_per_lead', 'integer', (column) => column.notNull().defaultTo(4))
    .execute();
  await db.schema
    .alterTable('assignment_settings')
    .addColumn('response_deadline_hours', 'integer', (column) => column.notNull().defaultTo(24))
    .execute();
  await db.schema
    .alterTable('assignment_settings')
    .addColumn('auto_reassign', t.boolean, (column) => column.notNull().defaultTo(t.false))
    .execute();

  // Null exclusive price: twice the lead price. Null caps: no cap.
  await db.schema.alterTable('contractors').addColumn('exclusive_price', t.money).execute();
  await db.schema.alterTable('contractors').addColumn('monthly_lead_cap', 'integer').execute();
  await db.schema.alterTable('contractors').addColumn('monthly_spend_cap', t.money).execute();

  await db.schema.alterTable('leads').addColumn('consent_version', 'text').execute();
  await db.schema.alterTable('leads').addColumn('consent_text', 'text').execute();
  await db.schema.alterTable('leads').addColumn('consent_at', t.timestamp).execute();
  await db.schema.alterTable('leads').addColumn('consent_ip', 'text').execute();
  await db.schema.alterTable('leads').addColumn('consent_user_agent', 'text').execute();

  await db.schema
    .alterTable('assignments')
    .addColumn('exclusive', t.boolean, (column) => column.notNull().defaultTo(t.false))
    .execute();
  await db.schema
    .alterTable('assignments')
    .addColumn('price_cents', t.bigInteger, (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('assignments').addColumn('respond_by', t.timestamp).execute();
  // active, or expired: the deadline passed and the lead went to the next contractor (not charged).
  await db.schema
    .alterTable('assignments')
    .addColumn('state', 'text', (column) => column.notNull().defaultTo('active'))
    .execute();
  await db.schema.alterTable('assignments').addColumn('notification_mail_id', 'text').execute();
  await db.schema.createIndex('assignments_respond_by').on('assignments').columns(['state', 'respond_by']).execute();

  await db.schema
    .createTable('lead_disputes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('assignment_id', 'text', (column) => column.notNull().unique().references('assignments.id').onDelete('cascade'))
    .addColumn('lead_id', 'text', (column) => column.notNull())
    .addColumn('contractor_id', 'text', (column) => column.notNull().references('contractors.id').onDelete('cascade'))
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('details', 'text')
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('open'))
    .addColumn('admin_note', 'text')
    .addColumn('decided_by_user_id', 'text')
    .addColumn('decided_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (column) => column.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('lead_disputes_status').on('lead_disputes').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('contractor_id', 'text', (column) => column.notNull().references('contractors.id').onDelete('cascade'))
    // One entry per fact: 'charge:<assignment>', 'fee:<contractor>:<YYYY-MM>', 'credit:dispute:<dispute>'…
    .addColumn('entry_key', 'text', (column) => column.notNull().unique())
    .addColumn('kind', 'text', (column) => column.notNull())
    // Positive: the contractor owes it; negative: a credit.
    .addColumn('amount_cents', t.bigInteger, (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('lead_id', 'text')
    .addColumn('assignment_id', 'text')
    .addColumn('dispute_id', 'text')
    // The Massachusetts calendar month the entry belongs to (YYYY-MM), for statements and revenue.
    .addColumn('period', 'text', (column) => column.notNull())
    .addColumn('created_at', t.timestamp, (column) => column.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('ledger_entries_contractor_period').on('ledger_entries').columns(['contractor_id', 'period']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ledger_entries').execute();
  await db.schema.dropTable('lead_disputes').execute();
  await db.schema.dropIndex('assignments_respond_by').execute();
  for (const column of ['notification_mail_id', 'state', 'respond_by', 'price_cents', 'exclusive'])
    await db.schema.alterTable('assignments').dropColumn(column).execute();
  for (const column of ['consent_user_agent', 'consent_ip', 'consent_at', 'consent_text', 'consent_version'])
    await db.schema.alterTable('leads').dropColumn(column).execute();
  for (const column of ['monthly_spend_cap', 'monthly_lead_cap', 'exclusive_price'])
    await db.schema.alterTable('contractors').dropColumn(column).execute();
  for (const column of ['auto_reassign', 'response_deadline_hours', 'max_contractors_per_lead'])
    await db.schema.alterTable('assignment_settings').dropColumn(column).execute();
}
