// leads.score_factors: ScoreFactors stored as JSON text beside the scores, so lists read the
// explanations with the lead in the same query.
import { EMPTY_SCORE_FACTORS, type ScoreFactor, type ScoreFactors } from '#shared/lead-score-factors';

export const serializeScoreFactors = (factors: ScoreFactors) => JSON.stringify(factors);

const isFactor = (value: unknown): value is ScoreFactor =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ScoreFactor).label === 'string' &&
  typeof (value as ScoreFactor).points === 'number';

/** The stored factors, or EMPTY_SCORE_FACTORS for a lead not yet scored with explanations (or unreadable JSON). */
export function parseScoreFactors(text: string | null): ScoreFactors {
  if (!text) return EMPTY_SCORE_FACTORS;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const list = (key: keyof ScoreFactors) => (Array.isArray(parsed[key]) ? (parsed[key] as unknown[]).filter(isFactor) : []);
    return { engagement: list('engagement'), intent: list('intent'), quality: list('quality'), close: list('close') };
  } catch {
    return EMPTY_SCORE_FACTORS;
  }
}
