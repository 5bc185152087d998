// Keeps stored scores in step with their inputs: refreshLeadScores rescores the leads a change touches
// (a homeowner's leads by email or account, or given lead ids) in the database (lead-scores-sql.ts) and
// writes only the rows that moved. Callers on a user's request use refreshLeadScoresQuietly, which logs a
// failure and never throws: a score a little stale is better than a refused quote or login.
import type { Db } from '#server/db/database';
import type { Log } from '#server/infra/log';
import { rescoreInDatabase } from './lead-scores-sql';
import { latestCloseModel } from './scoring-model.repository';

export type RefreshTarget = { email: string } | { userId: string } | { leadIds: string[] };

export async function refreshLeadScores(db: Db, target: RefreshTarget, now: Date = new Date()): Promise<number> {
  if ('leadIds' in target && target.leadIds.length === 0) return 0;
  return rescoreInDatabase(db, target, await latestCloseModel(db), now);
}

/** refreshLeadScores for request paths: a failure is logged and the request goes on. */
export async function refreshLeadScoresQuietly(db: Db, target: RefreshTarget, log?: Pick<Log, 'error'>, now?: Date): Promise<void> {
  try {
    await refreshLeadScores(db, target, now);
  } catch (error) {
    log?.error({ err: error, target }, 'lead scores not refreshed');
  }
}
