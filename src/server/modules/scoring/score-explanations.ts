// Why a lead scores what it does: the factors behind each of its scores, worked out with the JavaScript
// model (lead-scoring.ts) from the lead's signals and the close model in use, when the lead is shown. The
// stored scores come from the same model run in the database (lead-scores-sql.ts), refreshed whenever an
// input changes, so the explanation and the number beside it agree.
import type { Db } from '#server/db/database';
import { isAnonymisedEmail } from '#shared/constants';
import { EMPTY_SCORE_FACTORS, type ScoreFactors } from '#shared/lead-score-factors';
import { computeLeadScores } from './lead-scoring';
import type { CloseModel } from './close-model';
import { loadLeadSignals, SIGNAL_COLUMNS, type SignalLead } from './lead-signals.repository';
import { latestCloseModel } from './scoring-model.repository';

/** Leads per round of queries: well under either database's limit on bound parameters. */
const CHUNK = 500;

/** The factors of leads already read (with at least their signal columns), e.g. the dossier's one lead. */
export async function explainLeads(db: Db, leads: SignalLead[], model?: CloseModel): Promise<Map<string, ScoreFactors>> {
  if (leads.length === 0) return new Map();
  const [signals, closeModel] = await Promise.all([loadLeadSignals(db, leads), model ?? latestCloseModel(db)]);
  return new Map(
    leads.map((lead) => [
      lead.id,
      // A deleted account's lead scores zero and has nothing to explain.
      isAnonymisedEmail(lead.email) ? EMPTY_SCORE_FACTORS : computeLeadScores(signals.get(lead.id)!, closeModel).factors,
    ]),
  );
}

/** The factors of each lead asked for by id (a missing id is left out): one query per kind of signal per 500 leads. */
export async function explainLeadScores(db: Db, leadIds: string[]): Promise<Map<string, ScoreFactors>> {
  const explained = new Map<string, ScoreFactors>();
  if (leadIds.length === 0) return explained;
  const model = await latestCloseModel(db);
  for (let start = 0; start < leadIds.length; start += CHUNK) {
    const leads = await db
      .selectFrom('leads')
      .select(SIGNAL_COLUMNS)
      .where('id', 'in', leadIds.slice(start, start + CHUNK))
      .execute();
    for (const [id, factors] of await explainLeads(db, leads, model)) explained.set(id, factors);
  }
  return explained;
}
