// Lead scores (0–100 each) from what a lead has shown: engagement, intent, quality, and the probability
// to close from those three. Pure functions: the same signals always give the same scores, and each
// score comes with its top factors (ScoreFactors) so the screens can say why. docs/lead-scoring.md
// lists every feature and weight; keep the two in step.
import { DOSSIER_WEIGHTS, type QUOTE_BUDGETS, type QUOTE_TIMELINES, type RoomType } from '#shared/constants';
import type { ScoreFactors } from '#shared/lead-score-factors';
import { closeScore, PRIOR_CLOSE_MODEL, type CloseModel } from './close-model';
import { clampScore, scoreFrom, type ScoreResult } from './score-result';
import type { IncomeTier } from './zip-income-tier';

type Timeline = (typeof QUOTE_TIMELINES)[number];
type Budget = (typeof QUOTE_BUDGETS)[number];

export type LeadSignals = {
  // Engagement: the homeowner's activity (from the users counters, renders and the feed tables).
  renderCount: number;
  loginCount: number;
  timeOnSiteMs: number;
  feedLikes: number;
  feedComments: number;
  isRepeatVisitor: boolean;
  // Intent: what this lead asked for and told us.
  wantsQuote: boolean;
  subscribed: boolean;
  timeline: string | null;
  budget: string | null;
  hasName: boolean;
  hasPhone: boolean;
  // Quality.
  roomType: string | null;
  /** Project type or notes given with the quote request. */
  hasProjectDetails: boolean;
  /** The homeowner opened the link in our confirmation email: the address is real and theirs. */
  emailConfirmed: boolean;
  inServiceArea: boolean;
  incomeTier: IncomeTier | null;
};

export type LeadScores = {
  engagement_score: number;
  intent_score: number;
  lead_quality_score: number;
  probability_to_close_score: number;
  lead_score: number;
};

/** Diminishing returns: the first few renders or logins say more than the twentieth (half the points at halfAt). */
const saturating = (count: number, halfAt: number) => (count <= 0 ? 0 : count / (count + halfAt));
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const ENGAGEMENT_POINTS = { renders: 35, logins: 15, timeOnSite: 20, feed: 15, repeatVisitor: 15 } as const;

export function engagementScore(s: LeadSignals): ScoreResult {
  const minutes = Math.floor(s.timeOnSiteMs / 60_000);
  const feedActs = s.feedLikes + 2 * s.feedComments;
  return scoreFrom([
    { label: plural(s.renderCount, 'AI render'), points: ENGAGEMENT_POINTS.renders * saturating(s.renderCount, 2) },
    { label: plural(s.loginCount, 'login'), points: ENGAGEMENT_POINTS.logins * saturating(s.loginCount, 3) },
    { label: `${minutes} min on site`, points: ENGAGEMENT_POINTS.timeOnSite * saturating(s.timeOnSiteMs / 60_000, 10) },
    {
      label: `${plural(s.feedLikes, 'feed like')}, ${plural(s.feedComments, 'comment')}`,
      points: ENGAGEMENT_POINTS.feed * saturating(feedActs, 3),
    },
    { label: 'Repeat visitor', points: s.isRepeatVisitor ? ENGAGEMENT_POINTS.repeatVisitor : 0 },
  ]);
}

export const TIMELINE_INTENT: Record<Timeline, number> = { 'Ready now': 25, '1-3 months': 18, '3-6 months': 10, 'Just browsing': 0 };
export const INTENT_POINTS = { quote: 40, budget: 10, phone: 15, subscribed: 10 } as const;

export function intentScore(s: LeadSignals): ScoreResult {
  return scoreFrom([
    { label: 'Requested a quote', points: s.wantsQuote ? INTENT_POINTS.quote : 0 },
    { label: `Timeline: ${s.timeline}`, points: s.timeline ? (TIMELINE_INTENT[s.timeline as Timeline] ?? 0) : 0 },
    { label: `Budget given: ${s.budget}`, points: s.budget ? INTENT_POINTS.budget : 0 },
    { label: 'Phone number given', points: s.hasPhone ? INTENT_POINTS.phone : 0 },
    { label: 'Subscribed to updates', points: s.subscribed ? INTENT_POINTS.subscribed : 0 },
  ]);
}

export type BudgetFit = 'plausible' | 'stretch' | 'implausible';
/**
 * What a budget says about a room (rough MetroWest remodel costs): a $50k+ kitchen is ordinary, a
 * $50k+ bedroom or office is unlikely to be a real figure.
 */
export const BUDGET_FIT: Record<RoomType, Record<Budget, BudgetFit>> = {
  kitchen: { 'Under $10k': 'stretch', '$10k - $25k': 'plausible', '$25k - $50k': 'plausible', '$50k+': 'plausible' },
  bathroom: { 'Under $10k': 'plausible', '$10k - $25k': 'plausible', '$25k - $50k': 'plausible', '$50k+': 'stretch' },
  living_room: { 'Under $10k': 'plausible', '$10k - $25k': 'plausible', '$25k - $50k': 'stretch', '$50k+': 'implausible' },
  bedroom: { 'Under $10k': 'plausible', '$10k - $25k': 'plausible', '$25k - $50k': 'stretch', '$50k+': 'implausible' },
  dining_room: { 'Under $10k': 'plausible', '$10k - $25k': 'plausible', '$25k - $50k': 'stretch', '$50k+': 'implausible' },
  home_office: { 'Under $10k': 'plausible', '$10k - $25k': 'plausible', '$25k - $50k': 'stretch', '$50k+': 'implausible' },
  other: { 'Under $10k': 'plausible', '$10k - $25k': 'plausible', '$25k - $50k': 'plausible', '$50k+': 'stretch' },
  backyard: { 'Under $10k': 'plausible', '$10k - $25k': 'plausible', '$25k - $50k': 'plausible', '$50k+': 'stretch' },
};
export const QUALITY_POINTS = {
  completeness: 30,
  serviceArea: 20,
  emailConfirmed: 10,
  income: { High: 20, Medium: 12, Low: 5 } satisfies Record<IncomeTier, number>,
  budgetFit: { plausible: 20, stretch: 8, implausible: -10 } satisfies Record<BudgetFit, number>,
} as const;

export function budgetFit(roomType: string | null, budget: string | null): BudgetFit | null {
  if (!roomType || !budget) return null;
  return BUDGET_FIT[roomType as RoomType]?.[budget as Budget] ?? null;
}

export function qualityScore(s: LeadSignals): ScoreResult {
  const fields = [s.hasName, s.hasPhone, Boolean(s.roomType), Boolean(s.timeline), Boolean(s.budget), s.hasProjectDetails];
  const filled = fields.filter(Boolean).length;
  const fit = budgetFit(s.roomType, s.budget);
  return scoreFrom([
    { label: `Profile ${filled}/${fields.length} complete`, points: (QUALITY_POINTS.completeness * filled) / fields.length },
    { label: 'ZIP in service area', points: s.inServiceArea ? QUALITY_POINTS.serviceArea : 0 },
    { label: 'Email address confirmed', points: s.emailConfirmed ? QUALITY_POINTS.emailConfirmed : 0 },
    { label: `${s.incomeTier} income ZIP (estimate)`, points: s.incomeTier ? QUALITY_POINTS.income[s.incomeTier] : 0 },
    {
      label: `Budget ${fit === 'plausible' ? 'fits' : fit === 'stretch' ? 'is a stretch for' : 'is unlikely for'} ${s.roomType?.replace('_', ' ')}`,
      points: fit ? QUALITY_POINTS.budgetFit[fit] : 0,
    },
  ]);
}

/** All four scores and the overall one, each with its factors. */
export function computeLeadScores(
  signals: LeadSignals,
  model: CloseModel = PRIOR_CLOSE_MODEL,
): { scores: LeadScores; factors: ScoreFactors } {
  const engagement = engagementScore(signals);
  const intent = intentScore(signals);
  const quality = qualityScore(signals);
  const close = closeScore({ engagement: engagement.value, intent: intent.value, quality: quality.value }, model);
  return {
    scores: {
      engagement_score: engagement.value,
      intent_score: intent.value,
      lead_quality_score: quality.value,
      probability_to_close_score: close.value,
      lead_score: overallScore({ engagement: engagement.value, intent: intent.value, quality: quality.value, close: close.value }),
    },
    factors: { engagement: engagement.factors, intent: intent.factors, quality: quality.factors, close: close.factors },
  };
}

/** The dossier's overall score (seed 001 §5): round(0.2·engagement + 0.4·intent + 0.2·quality + 0.2·close). */
export function overallScore({
  engagement,
  intent,
  quality,
  close,
}: {
  engagement: number;
  intent: number;
  quality: number;
  close: number;
}): number {
  return clampScore(
    DOSSIER_WEIGHTS.engagement * engagement +
      DOSSIER_WEIGHTS.intent * intent +
      DOSSIER_WEIGHTS.quality * quality +
      DOSSIER_WEIGHTS.close * close,
  );
}
