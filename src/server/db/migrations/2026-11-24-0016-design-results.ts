// Issue 18 (variations and refinement): a design request is its first render and the renders made from it —
// variations (the same choices, a new seed) and refinements (an instruction edit of one result). Every render
// names its design (the first render's id; its own id for the first), how it came about, the homeowner's
// words for a refinement and the result it edited; the first render records which result the homeowner
// picked (the one emailed and given to the lead); `note` is what the engine says about it (the offline
// preview's understood words).
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('renders').addColumn('design_id', 'text').execute();
  await sql`update renders set design_id = id`.execute(db);
  await db.schema
    .alterTable('renders')
    .addColumn('kind', 'text', (column) => column.notNull().defaultTo('original'))
    .execute();
  await db.schema.alterTable('renders').addColumn('refinement', 'text').execute();
  await db.schema.alterTable('renders').addColumn('source_render_id', 'text').execute();
  await db.schema.alterTable('renders').addColumn('picked_render_id', 'text').execute();
  await db.schema.alterTable('renders').addColumn('note', 'text').execute();
  await db.schema.createIndex('renders_design_idx').on('renders').columns(['design_id', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('renders_design_idx').execute();
  for (const column of ['note', 'picked_render_id', 'source_render_id', 'refinement', 'kind', 'design_id'])
    await db.schema.alterTable('renders').dropColumn(column).execute();
}
