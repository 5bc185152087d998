// The one assignment_settings row: the auto-assignment mode, the round-robin rotation and the lead business's
// settings (contractors per lead, response deadline, automatic reassignment). Every assignment
// transaction takes this row first (FOR UPDATE on PostgreSQL; SQLite runs one transaction at a time), so
// turns and counts are read and written by one assignment at a time.
import type { Db } from '#server/db/database';
import type { AutoAssignment } from '#server/db/schema';
import { isPostgres } from '#server/db/sql-dialect';

const SETTINGS_ID = 1;
const FIELDS = [
  'auto_assignment',
  'round_robin_last_contractor_id',
  'round_robin_turn',
  'max_contractors_per_lead',
  'response_deadline_hours',
  'auto_reassign',
] as const;

export async function readAssignmentSettings(db: Db) {
  return db
    .selectFrom('assignment_settings')
    .select([...FIELDS])
    .where('id', '=', SETTINGS_ID)
    .executeTakeFirstOrThrow();
}

/** Reads the row and holds it until the caller's transaction ends. */
export async function lockAssignmentSettings(trx: Db) {
  return trx
    .selectFrom('assignment_settings')
    .select([...FIELDS])
    .where('id', '=', SETTINGS_ID)
    .$if(isPostgres(trx), (qb) => qb.forUpdate())
    .executeTakeFirstOrThrow();
}

export type AssignmentSettingsChange = Partial<{
  auto_assignment: AutoAssignment;
  max_contractors_per_lead: number;
  response_deadline_hours: number;
  auto_reassign: boolean;
}>;

export async function saveAssignmentSettings(db: Db, change: AssignmentSettingsChange, now: Date): Promise<void> {
  await db
    .updateTable('assignment_settings')
    .set({ ...change, updated_at: now.toISOString() })
    .where('id', '=', SETTINGS_ID)
    .execute();
}

export async function recordRoundRobinTurn(trx: Db, contractorId: string, turn: number, now: Date): Promise<void> {
  await trx
    .updateTable('assignment_settings')
    .set({ round_robin_last_contractor_id: contractorId, round_robin_turn: turn, updated_at: now.toISOString() })
    .where('id', '=', SETTINGS_ID)
    .execute();
}
