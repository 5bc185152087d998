// Keeps stored scores in step with their inputs: refreshLeadScores rescores the leads a change touches
// (a homeowner's leads by email or account, or given lead ids) and writes only the rows that moved.
// Callers on a user's request use refreshLeadScoresQuietly, which logs a failure and never throws:
// a score a little stale is better than a refused quote or login.
import type { Db } from '#server/db/database';
import { computeLeadScores, type LeadScores } from './lead-scoring';
import { loadLeadSignals, SCORED_LEAD_COLUMNS, type ScoredLead } from './lead-signals.repository';
import { latestCloseModel } from './scoring-model.repository';
import type { CloseModel } from './close-model';
import { serializeScoreFactors } from './score-factors-column';
import type { Log } from '#server/infra/log';
import { writeLeadScores, type LeadScoreRow } from '#server/modules/leads/leads.repository';
import { isAnonymisedEmail } from '#shared/constants';
import { EMPTY_SCORE_FACTORS } from '#shared/lead-score-factors';

export type RefreshTarget = { email: string } | { userId: string } | { leadIds: string[] };

const SCORE_COLUMNS = [
  'engagement_score',
  'intent_score',
  'lead_quality_score',
  'probability_to_close_score',
  'lead_score',
] as const satisfies ReadonlyArray<keyof LeadScores>;

const DELETED_ACCOUNT_SCORES = {
  scores: { engagement_score: 0, intent_score: 0, lead_quality_score: 0, probability_to_close_score: 0, lead_score: 0 },
  factors: EMPTY_SCORE_FACTORS,
};

/** Scores a batch of leads (signals read in bulk) and writes the changed ones in bulk; returns how many changed. */
export async function rescoreLeads(db: Db, leads: ScoredLead[], model: CloseModel, now: Date): Promise<number> {
  if (leads.length === 0) return 0;
  const signals = await loadLeadSignals(db, leads);
  const changed: LeadScoreRow[] = [];
  for (const lead of leads) {
    const leadSignals = signals.get(lead.id)!;
    // A deleted account's lead is nobody's priority: it can never be assigned (docs/lead-business.md).
    const { scores, factors } = isAnonymisedEmail(lead.email) ? DELETED_ACCOUNT_SCORES : computeLeadScores(leadSignals, model);
    const row: LeadScoreRow = {
      id: lead.id,
      ...scores,
      score_factors: serializeScoreFactors(factors),
      render_count: leadSignals.renderCount,
      is_repeat_visitor: leadSignals.isRepeatVisitor,
    };
    const same =
      SCORE_COLUMNS.every((column) => lead[column] === row[column]) &&
      lead.score_factors === row.score_factors &&
      lead.render_count === row.render_count &&
      lead.is_repeat_visitor === row.is_repeat_visitor;
    if (!same) changed.push(row);
  }
  await writeLeadScores(db, changed, now);
  return changed.length;
}

export async function refreshLeadScores(db: Db, target: RefreshTarget, now: Date = new Date()): Promise<number> {
  if ('leadIds' in target && target.leadIds.length === 0) return 0;
  const model = await latestCloseModel(db);
  return db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('leads').select(SCORED_LEAD_COLUMNS);
    if ('email' in target) query = query.where('email', '=', target.email.toLowerCase());
    else if ('userId' in target) query = query.where('user_id', '=', target.userId);
    else query = query.where('id', 'in', target.leadIds);
    // A homeowner has a handful of leads; the cap only guards against a pathological address.
    return rescoreLeads(trx, await query.orderBy('id').limit(1000).execute(), model, now);
  });
}

/** refreshLeadScores for request paths: a failure is logged and the request goes on. */
export async function refreshLeadScoresQuietly(db: Db, target: RefreshTarget, log?: Pick<Log, 'error'>, now?: Date): Promise<void> {
  try {
    await refreshLeadScores(db, target, now);
  } catch (error) {
    log?.error({ err: error, target }, 'lead scores not refreshed');
  }
}
