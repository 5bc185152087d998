// The close-probability model in use: the newest fitted row of scoring_models, or the hand-set prior
// until enough leads have reached converted or dead. Fitting reads the outcome leads' stored scores.
import { randomUUID } from 'node:crypto';
import { LEAD_SCORING_FIT } from '#shared/constants';
import type { LeadScoringModel } from '#shared/lead-scoring-model';
import type { Db } from '#server/db/database';
import { CLOSE_FEATURES, closeFeatureRow, PRIOR_CLOSE_MODEL, type CloseFeature, type CloseModel } from './close-model';
import { accuracy, fitLogistic, logLoss } from './logistic-regression';

export type FitOptions = { minSamples: number; minPerOutcome: number; l2: number };

type StoredWeights = { intercept: number; weights: Record<CloseFeature, number> };

async function latestRow(db: Db) {
  return db.selectFrom('scoring_models').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function latestCloseModel(db: Db): Promise<CloseModel> {
  const row = await latestRow(db);
  if (!row) return PRIOR_CLOSE_MODEL;
  const stored = JSON.parse(row.weights) as StoredWeights;
  return { kind: 'fitted', intercept: stored.intercept, weights: stored.weights };
}

export async function describeCloseModel(db: Db): Promise<LeadScoringModel> {
  const row = await latestRow(db);
  const model = row ? await latestCloseModel(db) : PRIOR_CLOSE_MODEL;
  return {
    kind: model.kind,
    fittedAt: row?.created_at ?? null,
    samples: { converted: row?.converted_count ?? 0, dead: row?.dead_count ?? 0 },
    weights: [
      { feature: 'intercept', weight: model.intercept },
      ...CLOSE_FEATURES.map((feature) => ({ feature, weight: model.weights[feature] })),
    ],
    metrics: row ? { logLoss: row.log_loss, accuracy: row.accuracy, l2: row.l2 } : null,
  };
}

/**
 * Fits the model on every lead that is converted (1) or dead (0), if there are enough of each, and
 * stores it as the newest. Returns the model now in use.
 */
export async function refitCloseModel(db: Db, now: Date, options: FitOptions = LEAD_SCORING_FIT): Promise<CloseModel> {
  const outcomes = await db
    .selectFrom('leads')
    .select(['status', 'engagement_score', 'intent_score', 'lead_quality_score'])
    .where('status', 'in', ['converted', 'dead'])
    .execute();
  const converted = outcomes.filter((lead) => lead.status === 'converted').length;
  const dead = outcomes.length - converted;
  if (outcomes.length < options.minSamples || converted < options.minPerOutcome || dead < options.minPerOutcome)
    return latestCloseModel(db);

  const rows = outcomes.map((lead) =>
    closeFeatureRow({ engagement: lead.engagement_score, intent: lead.intent_score, quality: lead.lead_quality_score }),
  );
  const y = outcomes.map((lead) => (lead.status === 'converted' ? 1 : 0));
  const fit = fitLogistic(rows, y, { l2: options.l2 });
  const weights = Object.fromEntries(CLOSE_FEATURES.map((feature, index) => [feature, fit.weights[index]])) as Record<CloseFeature, number>;
  await db
    .insertInto('scoring_models')
    .values({
      id: randomUUID(),
      converted_count: converted,
      dead_count: dead,
      weights: JSON.stringify({ intercept: fit.intercept, weights } satisfies StoredWeights),
      l2: options.l2,
      log_loss: logLoss(fit, rows, y),
      accuracy: accuracy(fit, rows, y),
      created_at: now.toISOString(),
    })
    .execute();
  return { kind: 'fitted', intercept: fit.intercept, weights };
}
