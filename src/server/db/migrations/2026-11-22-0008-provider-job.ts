// The provider's id for a render's remote job (a Replicate prediction id), written before the worker waits on it,
// so a retried job resumes that remote job instead of submitting (and paying for) a second one.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('renders').addColumn('provider_job_id', 'text').execute();
  await db.schema.createIndex('renders_provider_job_idx').on('renders').column('provider_job_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('renders_provider_job_idx').execute();
  await db.schema.alterTable('renders').dropColumn('provider_job_id').execute();
}
