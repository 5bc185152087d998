import { describe, expect, it } from 'vitest';
import { DOSSIER_WEIGHTS, QUOTE_BUDGETS, ROOM_TYPE_KEYS } from '#shared/constants';
import { closeScore, PRIOR_CLOSE_MODEL, type CloseModel } from './close-model';
import { budgetFit, computeLeadScores, engagementScore, intentScore, overallScore, qualityScore, type LeadSignals } from './lead-scoring';
import { topFactors } from './score-result';

const nothing: LeadSignals = {
  renderCount: 0,
  loginCount: 0,
  timeOnSiteMs: 0,
  feedLikes: 0,
  feedComments: 0,
  isRepeatVisitor: false,
  wantsQuote: false,
  subscribed: false,
  timeline: null,
  budget: null,
  hasName: false,
  hasPhone: false,
  roomType: null,
  hasProjectDetails: false,
  emailConfirmed: false,
  inServiceArea: false,
  incomeTier: null,
};
const browsing: LeadSignals = {
  ...nothing,
  renderCount: 1,
  loginCount: 1,
  timeOnSiteMs: 60_000,
  roomType: 'bedroom',
  inServiceArea: true,
  incomeTier: 'Medium',
};
const ready: LeadSignals = {
  ...browsing,
  renderCount: 4,
  loginCount: 5,
  timeOnSiteMs: 25 * 60_000,
  feedLikes: 2,
  feedComments: 1,
  isRepeatVisitor: true,
  wantsQuote: true,
  subscribed: true,
  timeline: 'Ready now',
  budget: '$50k+',
  hasName: true,
  hasPhone: true,
  roomType: 'kitchen',
  hasProjectDetails: true,
  emailConfirmed: true,
  incomeTier: 'High',
};

describe('engagement', () => {
  it('is 0 with no activity and grows with each kind of activity', () => {
    expect(engagementScore(nothing)).toEqual({ value: 0, factors: [] });
    const base = engagementScore(browsing).value;
    for (const more of [
      { renderCount: 3 },
      { loginCount: 4 },
      { timeOnSiteMs: 20 * 60_000 },
      { feedLikes: 2 },
      { feedComments: 1 },
      { isRepeatVisitor: true },
    ]) {
      expect(engagementScore({ ...browsing, ...more }).value, JSON.stringify(more)).toBeGreaterThan(base);
    }
  });

  it('has diminishing returns and never passes 100', () => {
    const heavy = engagementScore({
      ...ready,
      renderCount: 1000,
      loginCount: 1000,
      timeOnSiteMs: 1e9,
      feedLikes: 1000,
      feedComments: 1000,
    });
    expect(heavy.value).toBeLessThanOrEqual(100);
    expect(heavy.value).toBeGreaterThan(95);
    const gain = (from: number, to: number) =>
      engagementScore({ ...nothing, renderCount: to }).value - engagementScore({ ...nothing, renderCount: from }).value;
    expect(gain(0, 1)).toBeGreaterThan(gain(10, 11));
  });

  it('explains itself with the biggest contributions first', () => {
    const { factors } = engagementScore({ ...nothing, renderCount: 6, isRepeatVisitor: true, loginCount: 1 });
    expect(factors).toEqual([
      { label: '6 AI renders', points: 26 },
      { label: 'Repeat visitor', points: 15 },
      { label: '1 login', points: 4 },
    ]);
  });
});

describe('intent', () => {
  it('adds the quote request, timeline, budget and contact details', () => {
    expect(intentScore(nothing).value).toBe(0);
    expect(intentScore({ ...nothing, wantsQuote: true }).value).toBe(40);
    expect(intentScore({ ...nothing, wantsQuote: true, timeline: 'Ready now' }).value).toBe(65);
    expect(intentScore({ ...nothing, wantsQuote: true, timeline: '3-6 months' }).value).toBe(50);
    expect(intentScore({ ...nothing, wantsQuote: true, timeline: 'Just browsing' }).value).toBe(40);
    expect(intentScore(ready)).toEqual({
      value: 100,
      factors: [
        { label: 'Requested a quote', points: 40 },
        { label: 'Timeline: Ready now', points: 25 },
        { label: 'Phone number given', points: 15 },
      ],
    });
  });
});

describe('quality', () => {
  it('rewards completeness, the service area, a confirmed address and the income tier', () => {
    expect(qualityScore(nothing).value).toBe(0);
    expect(qualityScore({ ...nothing, inServiceArea: true }).value).toBe(20);
    expect(qualityScore({ ...nothing, emailConfirmed: true })).toEqual({
      value: 10,
      factors: [{ label: 'Email address confirmed', points: 10 }],
    });
    expect(qualityScore({ ...ready, emailConfirmed: false }).value).toBe(90);
    const tiers = (['Low', 'Medium', 'High'] as const).map((incomeTier) => qualityScore({ ...browsing, incomeTier }).value);
    expect(tiers[0]).toBeLessThan(tiers[1]);
    expect(tiers[1]).toBeLessThan(tiers[2]);
    expect(qualityScore({ ...browsing, hasName: true, hasPhone: true }).value).toBeGreaterThan(qualityScore(browsing).value);
    expect(qualityScore(ready).value).toBe(100);
  });

  it('judges a budget against the room: a $50k+ kitchen is plausible, a $50k+ bedroom is not', () => {
    expect(budgetFit('kitchen', '$50k+')).toBe('plausible');
    expect(budgetFit('bedroom', '$50k+')).toBe('implausible');
    expect(budgetFit('bathroom', '$50k+')).toBe('stretch');
    expect(budgetFit(null, '$50k+')).toBeNull();
    const kitchen = qualityScore({ ...ready, roomType: 'kitchen' });
    const bedroom = qualityScore({ ...ready, roomType: 'bedroom' });
    expect(kitchen.value - bedroom.value).toBe(30);
    expect(qualityScore({ ...nothing, roomType: 'bedroom', budget: '$50k+' })).toEqual({
      value: 0,
      factors: [
        { label: 'Profile 2/6 complete', points: 10 },
        { label: 'Budget is unlikely for bedroom', points: -10 },
      ],
    });
    // Every room and budget the forms offer has a verdict.
    for (const room of ROOM_TYPE_KEYS) for (const budget of QUOTE_BUDGETS) expect(budgetFit(room, budget)).not.toBeNull();
  });
});

describe('probability to close', () => {
  it('follows the prior: intent weighs most', () => {
    const base = { engagement: 50, intent: 50, quality: 50 };
    const up = (feature: keyof typeof base) => closeScore({ ...base, [feature]: 90 }).value - closeScore(base).value;
    expect(up('intent')).toBeGreaterThan(up('quality'));
    expect(up('quality')).toBeGreaterThan(up('engagement'));
    expect(closeScore({ engagement: 0, intent: 0, quality: 0 }).value).toBe(2);
    expect(closeScore({ engagement: 100, intent: 100, quality: 100 }).value).toBe(97);
  });

  it('uses a fitted model when given one, and explains each feature by the points it adds', () => {
    const fitted: CloseModel = { kind: 'fitted', intercept: -2, weights: { engagement: 3, intent: 0, quality: -1 } };
    const result = closeScore({ engagement: 100, intent: 100, quality: 100 }, fitted);
    expect(result.value).toBe(50);
    expect(result.factors).toEqual([
      { label: 'Engagement 100/100', points: 45 },
      { label: 'Quality 100/100', points: -23 },
    ]);
  });
});

describe('computeLeadScores', () => {
  it('keeps every score within 0–100 and ranks a ready buyer above a browser', () => {
    const low = computeLeadScores(browsing).scores;
    const high = computeLeadScores(ready).scores;
    for (const value of [...Object.values(low), ...Object.values(high)]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
    expect(high.intent_score).toBeGreaterThan(low.intent_score);
    expect(high.probability_to_close_score).toBeGreaterThan(low.probability_to_close_score);
    expect(high.lead_score).toBeGreaterThanOrEqual(80);
    expect(low.lead_score).toBeLessThan(40);
  });

  it('returns at most three factors per score, largest effect first, in the shared shape', () => {
    const { factors } = computeLeadScores(ready);
    expect(Object.keys(factors).sort()).toEqual(['close', 'engagement', 'intent', 'quality']);
    for (const list of Object.values(factors)) {
      expect(list.length).toBeLessThanOrEqual(3);
      expect(list.length).toBeGreaterThan(0);
      for (const factor of list) expect(Object.keys(factor).sort()).toEqual(['label', 'points']);
      const sizes = list.map((factor) => Math.abs(factor.points));
      expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
    }
  });

  it('combines the four with the dossier weights', () => {
    const { scores } = computeLeadScores(ready);
    expect(scores.lead_score).toBe(
      Math.round(
        DOSSIER_WEIGHTS.engagement * scores.engagement_score +
          DOSSIER_WEIGHTS.intent * scores.intent_score +
          DOSSIER_WEIGHTS.quality * scores.lead_quality_score +
          DOSSIER_WEIGHTS.close * scores.probability_to_close_score,
      ),
    );
    expect(overallScore({ engagement: 50, intent: 100, quality: 0, close: 25 })).toBe(55);
  });

  it('is deterministic and uses the prior unless told otherwise', () => {
    expect(computeLeadScores(ready)).toEqual(computeLeadScores({ ...ready }, PRIOR_CLOSE_MODEL));
  });
});

describe('topFactors', () => {
  it('drops zero effects, rounds, orders by absolute size and keeps three', () => {
    expect(
      topFactors([
        { label: 'a', points: 0.2 },
        { label: 'b', points: -9.6 },
        { label: 'c', points: 4 },
        { label: 'd', points: 12 },
        { label: 'e', points: 1 },
      ]),
    ).toEqual([
      { label: 'd', points: 12 },
      { label: 'b', points: -10 },
      { label: 'c', points: 4 },
    ]);
  });
});
