// A score with the reasons behind it: contributions are summed into a 0–100 value, and the largest
// (by absolute effect) become the score's factors, so every number on screen can explain itself.
import type { ScoreFactor } from '#shared/lead-score-factors';

export const MAX_FACTORS = 3;

export type ScoreResult = { value: number; factors: ScoreFactor[] };

export const clampScore = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

/** The top factors: non-zero after rounding, largest effect first, ties in the order given. */
export function topFactors(contributions: ScoreFactor[]): ScoreFactor[] {
  return contributions
    .map((factor) => ({ label: factor.label, points: Math.round(factor.points) }))
    .filter((factor) => factor.points !== 0)
    .map((factor, index) => ({ factor, index }))
    .sort((a, b) => Math.abs(b.factor.points) - Math.abs(a.factor.points) || a.index - b.index)
    .slice(0, MAX_FACTORS)
    .map(({ factor }) => factor);
}

/** Sums the contributions into a clamped score and keeps the top ones as its explanation. */
export function scoreFrom(contributions: ScoreFactor[]): ScoreResult {
  return { value: clampScore(contributions.reduce((sum, factor) => sum + factor.points, 0)), factors: topFactors(contributions) };
}
