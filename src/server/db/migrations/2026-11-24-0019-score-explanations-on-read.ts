// Issue 22: lead scores are computed in the database, a statement per batch (lead-scores-sql.ts), and each
// score's explanation is worked out when the lead is shown (score-explanations.ts). The stored JSON
// explanations (about 550 bytes a lead, rewritten on every rescoring) go.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('score_factors').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  // The explanations are not stored again; readers never needed them after this migration.
  await db.schema.alterTable('leads').addColumn('score_factors', 'text').execute();
}
