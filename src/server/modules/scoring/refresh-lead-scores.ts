// Keeps stored scores in step with their inputs: refreshLeadScores rescores the leads a change touches
// (a homeowner's leads by email or account, or given lead ids) and writes only the rows that moved.
// Callers on a user's request use refreshLeadScoresQuietly, which logs a failure and never throws:
// a score a little stale is better than a refused quote or login.
import { sql } from 'kysely';
import type { Db } from '#server/db/database';
import { computeLeadScores, type LeadScores } from './lead-scoring';
import { loadLeadSignals, SCORED_LEAD_COLUMNS, type ScoredLead } from './lead-signals.repository';
import { latestCloseModel } from './scoring-model.repository';
import type { CloseModel } from './close-model';
import { serializeScoreFactors } from './score-factors-column';
import type { Log } from '#server/infra/log';

export type RefreshTarget = { email: string } | { userId: string } | { leadIds: string[] };

const SCORE_COLUMNS = ['engagement_score', 'intent_score', 'lead_quality_score', 'probability_to_close_score', 'lead_score'] as const satisfies ReadonlyArray<keyof LeadScores>;

type ScoredRow = LeadScores & { id: string; score_factors: string; render_count: number; is_repeat_visitor: boolean };

/** Rows per UPDATE statement (9 parameters each, well under SQLite's 32,766 and PostgreSQL's 65,535). */
const WRITE_CHUNK = 500;

/**
 * Writes many leads' scores in one statement per chunk: UPDATE … FROM a VALUES list joined by id
 * (SQLite 3.33+ and PostgreSQL). The extra `id in (…)` makes SQLite look the leads up by primary key;
 * without it, it scans the whole table once per statement. Casts give PostgreSQL the column types VALUES
 * cannot infer; the repeat-visitor flag travels as 0/1 and becomes a boolean by comparison.
 */
async function writeScores(db: Db, rows: ScoredRow[], now: Date): Promise<void> {
  for (let start = 0; start < rows.length; start += WRITE_CHUNK) {
    const values = rows.slice(start, start + WRITE_CHUNK).map(
      (row) =>
        sql`(cast(${row.id} as text), cast(${row.engagement_score} as integer), cast(${row.intent_score} as integer), cast(${row.lead_quality_score} as integer), cast(${row.probability_to_close_score} as integer), cast(${row.lead_score} as integer), cast(${row.score_factors} as text), cast(${row.render_count} as integer), cast(${row.is_repeat_visitor ? 1 : 0} as integer))`,
    );
    await sql`
      with scored (id, engagement_score, intent_score, lead_quality_score, probability_to_close_score, lead_score, score_factors, render_count, repeat_visitor) as (values ${sql.join(values)})
      update leads set
        engagement_score = scored.engagement_score,
        intent_score = scored.intent_score,
        lead_quality_score = scored.lead_quality_score,
        probability_to_close_score = scored.probability_to_close_score,
        lead_score = scored.lead_score,
        score_factors = scored.score_factors,
        render_count = scored.render_count,
        is_repeat_visitor = (scored.repeat_visitor = 1),
        updated_at = ${now.toISOString()}
      from scored
      where leads.id = scored.id and leads.id in (select id from scored)`.execute(db);
  }
}

/** Scores a batch of leads (signals read in bulk) and writes the changed ones in bulk; returns how many changed. */
export async function rescoreLeads(db: Db, leads: ScoredLead[], model: CloseModel, now: Date): Promise<number> {
  if (leads.length === 0) return 0;
  const signals = await loadLeadSignals(db, leads);
  const changed: ScoredRow[] = [];
  for (const lead of leads) {
    const leadSignals = signals.get(lead.id)!;
    const { scores, factors } = computeLeadScores(leadSignals, model);
    const row: ScoredRow = { id: lead.id, ...scores, score_factors: serializeScoreFactors(factors), render_count: leadSignals.renderCount, is_repeat_visitor: leadSignals.isRepeatVisitor };
    const same =
      SCORE_COLUMNS.every((column) => lead[column] === row[column]) &&
      lead.score_factors === row.score_factors &&
      lead.render_count === row.render_count &&
      lead.is_repeat_visitor === row.is_repeat_visitor;
    if (!same) changed.push(row);
  }
  await writeScores(db, changed, now);
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
