// The seed's two banding rules in one place (seed 001 §5 and §9), used by the admin screens, the
// contractor's dashboard and emails, and the lead dossier. Colours stay with each screen.
import { PRIORITY_BANDS, SCORE_BANDS } from './constants';

export type ScoreBand = 'Excellent' | 'Good' | 'Fair' | 'Poor';
export type PriorityBand = 'High Priority' | 'Medium Priority' | 'Standard' | 'Low Priority';

/** 80 or more Excellent, 60 or more Good, 40 or more Fair, else Poor. */
export function scoreBand(score: number): ScoreBand {
  if (score >= SCORE_BANDS.excellent) return 'Excellent';
  if (score >= SCORE_BANDS.good) return 'Good';
  if (score >= SCORE_BANDS.fair) return 'Fair';
  return 'Poor';
}

/**
 * 70 or more High Priority, 50–69 Medium Priority, below that 'Standard' (the admin's word) or
 * 'Low Priority' (the contractor's view says so).
 */
export function priorityBand(score: number, lowLabel: 'Standard' | 'Low Priority' = 'Standard'): PriorityBand {
  if (score >= PRIORITY_BANDS.high) return 'High Priority';
  if (score >= PRIORITY_BANDS.medium) return 'Medium Priority';
  return lowLabel;
}
