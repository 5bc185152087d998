// Issue 20 (the homeowner's experience): one rating per lead (a second one from the same email link updates
// the first), the homeowner's permission to quote them on the site (first name and town only) and the admin's
// approval of that quote, and the community design an admin picks for the home page's hero.
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // Earlier duplicates of one lead's rating: the newest stays.
  await sql`
    delete from feedback
    where lead_id is not null
      and exists (
        select 1 from feedback newer
        where newer.lead_id = feedback.lead_id
          and (newer.created_at > feedback.created_at or (newer.created_at = feedback.created_at and newer.id > feedback.id))
      )`.execute(db);
  await db.schema.createIndex('feedback_lead_unique').unique().on('feedback').column('lead_id').execute();
  await db.schema.alterTable('feedback').addColumn('updated_at', t.timestamp).execute();
  await db.schema
    .alterTable('feedback')
    .addColumn('quote_consent', t.boolean, (column) => column.notNull().defaultTo(t.false))
    .execute();
  await db.schema.alterTable('feedback').addColumn('quote_name', 'text').execute();
  await db.schema.alterTable('feedback').addColumn('quote_approved_at', t.timestamp).execute();

  await db.schema.alterTable('assignment_settings').addColumn('hero_lead_id', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assignment_settings').dropColumn('hero_lead_id').execute();
  await db.schema.alterTable('feedback').dropColumn('quote_approved_at').execute();
  await db.schema.alterTable('feedback').dropColumn('quote_name').execute();
  await db.schema.alterTable('feedback').dropColumn('quote_consent').execute();
  await db.schema.alterTable('feedback').dropColumn('updated_at').execute();
  await db.schema.dropIndex('feedback_lead_unique').execute();
}
