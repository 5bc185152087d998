// Probability to close: a logistic model on the other three scores (each scaled to 0–1). Before enough
// leads have an outcome it uses the hand-set prior below; after, the weights fitted from converted and
// dead leads (scoring-model.repository.ts). Same form either way, so the explanation reads the same.
import type { ScoreFactor } from '#shared/lead-score-factors';
import { predictProbability, sigmoid } from './logistic-regression';
import { clampScore, topFactors, type ScoreResult } from './score-result';

export const CLOSE_FEATURES = ['engagement', 'intent', 'quality'] as const;
export type CloseFeature = (typeof CLOSE_FEATURES)[number];
export type CloseInputs = Record<CloseFeature, number>;

export type CloseModel = {
  kind: 'prior' | 'fitted';
  intercept: number;
  weights: Record<CloseFeature, number>;
};

/**
 * The prior, set by hand: intent counts most, then quality, then engagement. A lead at 0 on all three
 * closes about 2 % of the time, at 100 on all three about 97 %; a typical browser (30/5/55) about 10 %.
 */
export const PRIOR_CLOSE_MODEL: CloseModel = { kind: 'prior', intercept: -4, weights: { engagement: 1.5, intent: 4, quality: 2 } };

const LABELS: Record<CloseFeature, string> = { engagement: 'Engagement', intent: 'Intent', quality: 'Quality' };

export const closeFeatureRow = (inputs: CloseInputs) => CLOSE_FEATURES.map((feature) => inputs[feature] / 100);

/**
 * The close probability as a 0–100 score. Each factor is the points that feature adds: the probability
 * with it minus the probability with that score at 0, the rest unchanged.
 */
export function closeScore(inputs: CloseInputs, model: CloseModel = PRIOR_CLOSE_MODEL): ScoreResult {
  const row = closeFeatureRow(inputs);
  const coefficients = { intercept: model.intercept, weights: CLOSE_FEATURES.map((feature) => model.weights[feature]) };
  const probability = predictProbability(coefficients, row);
  const z = Math.log(probability / (1 - probability));
  const contributions: ScoreFactor[] = CLOSE_FEATURES.map((feature, index) => ({
    label: `${LABELS[feature]} ${inputs[feature]}/100`,
    points: 100 * (probability - sigmoid(z - coefficients.weights[index] * row[index])),
  }));
  return { value: clampScore(100 * probability), factors: topFactors(contributions) };
}
