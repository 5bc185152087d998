// The first schema: every entity of both seeds, plus better-auth's tables and the mail outbox.
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);

  // better-auth's tables, with snake_case columns (mapped in modules/auth/auth.ts).
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('image', 'text')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('homeowner')
        .check(sqlIn('role', ['homeowner', 'contractor', 'admin'])),
    )
    .addColumn('login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ai_renderings_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_time_on_site_ms', t.bigInteger, (c) => c.notNull().defaultTo(0))
    .addColumn('last_login_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();
  await db.schema.createIndex('users_role_idx').on('users').column('role').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', t.timestamp)
    .addColumn('refresh_token_expires_at', t.timestamp)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('accounts_user_id_idx').on('accounts').column('user_id').execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('verifications_identifier_idx').on('verifications').column('identifier').execute();

  await db.schema
    .createTable('user_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('event_type', 'text', (c) =>
      c.notNull().check(sqlIn('event_type', ['login', 'ai_render', 'time_spent', 'view', 'email_submit'])),
    )
    .addColumn('metadata', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('user_events_user_created_idx').on('user_events').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('user_events_type_created_idx').on('user_events').columns(['event_type', 'created_at']).execute();

  await db.schema
    .createTable('service_area_zips')
    .addColumn('zip', 'text', (c) => c.primaryKey().check(sqlZip('zip')))
    .addColumn('town', 'text', (c) => c.notNull())
    .addColumn('active', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('email_copy_key', 'text', (c) => c.notNull())
    .addColumn('original_filename', 'text')
    .addColumn('original_format', 'text', (c) => c.notNull())
    .addColumn('original_size', 'integer', (c) => c.notNull())
    .addColumn('processed_size', 'integer', (c) => c.notNull())
    .addColumn('original_width', 'integer', (c) => c.notNull())
    .addColumn('original_height', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('uploads_user_created_idx').on('uploads').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('renders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('room_type', 'text', (c) => c.notNull())
    .addColumn('style_id', 'text')
    .addColumn('style_name', 'text')
    .addColumn('style_prompt', 'text')
    .addColumn('custom_prompt', 'text')
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('seed', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sqlIn('status', ['queued', 'running', 'succeeded', 'failed'])),
    )
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phase', 'text')
    .addColumn('error', 'text')
    .addColumn('result_key', 'text')
    .addColumn('preview_key', 'text')
    .addColumn('released_at', t.timestamp)
    .addColumn('processing_time_ms', 'integer')
    .addColumn('started_at', t.timestamp)
    .addColumn('completed_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('renders_user_created_idx').on('renders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('renders_status_created_idx').on('renders').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('contractors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.unique().references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('subscription_tier', 'text', (c) =>
      c
        .notNull()
        .defaultTo('basic')
        .check(sqlIn('subscription_tier', ['basic', 'premium', 'enterprise'])),
    )
    .addColumn('is_active_subscriber', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('serves_all_zipcodes', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('leads_received_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('leads_converted_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('conversion_rate', t.real, (c) => c.notNull().defaultTo(0))
    .addColumn('price_per_lead', t.money, (c) => c.notNull().defaultTo(25))
    .addColumn('monthly_subscription_fee', t.money, (c) => c.notNull().defaultTo(99))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('contractors_active_idx').on('contractors').column('is_active_subscriber').execute();

  await db.schema
    .createTable('contractor_zip_codes')
    .addColumn('contractor_id', 'text', (c) => c.notNull().references('contractors.id').onDelete('cascade'))
    .addColumn('zip', 'text', (c) => c.notNull().check(sqlZip('zip')))
    .addPrimaryKeyConstraint('contractor_zip_codes_pk', ['contractor_id', 'zip'])
    .execute();
  await db.schema.createIndex('contractor_zip_codes_zip_idx').on('contractor_zip_codes').column('zip').execute();

  await db.schema
    .createTable('leads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('render_id', 'text', (c) => c.references('renders.id').onDelete('set null'))
    .addColumn('design_request_id', 'text', (c) => c.unique())
    .addColumn('name', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('zip', 'text', (c) => c.notNull().check(sqlZip('zip')))
    .addColumn('room_type', 'text')
    .addColumn('style', 'text')
    .addColumn('wants_quote', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('subscribe', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('new')
        .check(sqlIn('status', ['new', 'assigned', 'contacted', 'quoted', 'converted', 'dead', 'unqualified'])),
    )
    .addColumn('render_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('social_engaged', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('is_repeat_visitor', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('probability_to_close_score', 'integer', (c) => c.notNull().defaultTo(0).check(sqlScore('probability_to_close_score')))
    .addColumn('intent_score', 'integer', (c) => c.notNull().defaultTo(0).check(sqlScore('intent_score')))
    .addColumn('lead_quality_score', 'integer', (c) => c.notNull().defaultTo(0).check(sqlScore('lead_quality_score')))
    .addColumn('engagement_score', 'integer', (c) => c.notNull().defaultTo(0).check(sqlScore('engagement_score')))
    .addColumn('lead_score', 'integer', (c) => c.notNull().defaultTo(0).check(sqlScore('lead_score')))
    .addColumn('image_url', 'text')
    .addColumn('ai_url', 'text')
    .addColumn('assigned_contractor_id', 'text', (c) => c.references('contractors.id').onDelete('set null'))
    .addColumn('share_in_feed', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('hidden_from_feed', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('project_type', 'text')
    .addColumn('timeline', 'text')
    .addColumn('budget', 'text')
    .addColumn('contact_method', 'text')
    .addColumn('notes', 'text')
    .addColumn('quote_requested_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('leads_created_idx').on('leads').column('created_at').execute();
  await db.schema.createIndex('leads_zip_created_idx').on('leads').columns(['zip', 'created_at']).execute();
  await db.schema.createIndex('leads_status_created_idx').on('leads').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('leads_contractor_created_idx').on('leads').columns(['assigned_contractor_id', 'created_at']).execute();
  await db.schema.createIndex('leads_user_idx').on('leads').column('user_id').execute();
  await db.schema.createIndex('leads_email_idx').on('leads').column('email').execute();
  await db.schema.createIndex('leads_render_idx').on('leads').column('render_id').execute();

  await db.schema
    .createTable('lead_status_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('changed_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('lead_status_changes_lead_idx').on('lead_status_changes').columns(['lead_id', 'created_at']).execute();

  await db.schema
    .createTable('assignments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('contractor_id', 'text', (c) => c.notNull().references('contractors.id').onDelete('cascade'))
    .addColumn('assignment_method', 'text', (c) => c.notNull().check(sqlIn('assignment_method', ['manual', 'round-robin', 'next-in-line'])))
    .addColumn('assigned_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('assigned_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('email_sent', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('email_sent_at', t.timestamp)
    .addColumn('email_opened', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('email_opened_at', t.timestamp)
    .addColumn('email_clicked', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('email_clicked_at', t.timestamp)
    .addColumn('contractor_responded', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('responded_at', t.timestamp)
    .addColumn('response_time_hours', t.real)
    .addUniqueConstraint('assignments_lead_contractor_unique', ['lead_id', 'contractor_id'])
    .execute();
  await db.schema.createIndex('assignments_assigned_at_idx').on('assignments').column('assigned_at').execute();
  await db.schema.createIndex('assignments_contractor_idx').on('assignments').columns(['contractor_id', 'assigned_at']).execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lead_id', 'text', (c) => c.references('leads.id').onDelete('set null'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sqlBetween('rating', 1, 5)))
    .addColumn('comment', 'text')
    .addColumn('source', 'text')
    .addColumn('page_location', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('feedback_created_idx').on('feedback').column('created_at').execute();
  await db.schema.createIndex('feedback_lead_idx').on('feedback').column('lead_id').execute();

  await db.schema
    .createTable('feed_likes')
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addPrimaryKeyConstraint('feed_likes_pk', ['lead_id', 'user_id'])
    .execute();
  await db.schema.createIndex('feed_likes_user_idx').on('feed_likes').column('user_id').execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('lead_id', 'text', (c) => c.references('leads.id').onDelete('set null'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sqlIn('status', ['pending', 'sending', 'sent', 'failed'])),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'mail_outbox',
    'feed_likes',
    'feedback',
    'assignments',
    'lead_status_changes',
    'leads',
    'contractor_zip_codes',
    'contractors',
    'renders',
    'uploads',
    'service_area_zips',
    'user_events',
    'verifications',
    'accounts',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

// Check constraints, written as raw SQL that both engines accept. Values are constants of this file.
const quoteList = (values: string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
function sqlIn(column: string, values: string[]) {
  return sql`${sql.ref(column)} in (${quoteList(values)})`;
}
function sqlZip(column: string) {
  return sql`length(${sql.ref(column)}) = 5`;
}
function sqlScore(column: string) {
  return sqlBetween(column, 0, 100);
}
function sqlBetween(column: string, low: number, high: number) {
  return sql`${sql.ref(column)} between ${sql.lit(low)} and ${sql.lit(high)}`;
}
