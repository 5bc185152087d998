import { describe, expect, it } from 'vitest';
import { computeLeadScores, overallScore, type LeadSignals } from './lead-scoring';

const browsing: LeadSignals = {
  renderCount: 1, loginCount: 1, timeOnSiteMs: 60_000, feedLikes: 0, feedComments: 0, isRepeatVisitor: false,
  wantsQuote: false, subscribed: false, timeline: null, budget: null, hasName: false, hasPhone: false, inServiceArea: true,
};
const ready: LeadSignals = { ...browsing, renderCount: 4, loginCount: 5, isRepeatVisitor: true, wantsQuote: true, subscribed: true, timeline: 'Ready now', budget: '$50k+', hasName: true, hasPhone: true };

describe('lead scoring', () => {
  it('keeps every score within 0–100 and ranks a ready buyer above a browser', () => {
    const low = computeLeadScores(browsing);
    const high = computeLeadScores(ready);
    for (const value of [...Object.values(low), ...Object.values(high)]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
    expect(high.intent_score).toBeGreaterThan(low.intent_score);
    expect(high.probability_to_close_score).toBeGreaterThan(low.probability_to_close_score);
    expect(high.lead_score).toBeGreaterThanOrEqual(70);
    expect(low.lead_score).toBeLessThan(50);
  });

  it('computes the dossier overall score with the seed weights', () => {
    expect(overallScore({ engagement: 50, intent: 100, quality: 0, close: 25 })).toBe(Math.round(10 + 40 + 0 + 5));
  });

  it('is deterministic', () => {
    expect(computeLeadScores(ready)).toEqual(computeLeadScores({ ...ready }));
  });
});
