// Lead scores (0–100 each) from what a lead has shown: engagement, intent, quality, and the probability
// to close derived from the three. Pure functions: the same signals always give the same scores.
// A first model with hand-set weights; docs/lead-scoring.md will describe the fitted one.
import { DOSSIER_WEIGHTS } from '../../../shared/constants';

export type LeadSignals = {
  renderCount: number;
  loginCount: number;
  timeOnSiteMs: number;
  feedLikes: number;
  feedComments: number;
  isRepeatVisitor: boolean;
  wantsQuote: boolean;
  subscribed: boolean;
  timeline: string | null;
  budget: string | null;
  hasName: boolean;
  hasPhone: boolean;
  inServiceArea: boolean;
};

export type LeadScores = {
  engagement_score: number;
  intent_score: number;
  lead_quality_score: number;
  probability_to_close_score: number;
  lead_score: number;
};

const clamp = (value: number) => Math.max(0, Math.min(100, Math.round(value)));
/** Diminishing returns: the first few renders or logins say more than the twentieth. */
const saturating = (count: number, halfAt: number) => count / (count + halfAt);

const TIMELINE_INTENT: Record<string, number> = { 'Ready now': 30, '1-3 months': 22, '3-6 months': 12, 'Just browsing': 0 };
const BUDGET_INTENT: Record<string, number> = { 'Under $10k': 6, '$10k - $25k': 10, '$25k - $50k': 13, '$50k+': 15 };

export function engagementScore(signals: LeadSignals): number {
  return clamp(
    35 * saturating(signals.renderCount, 2) +
      20 * saturating(signals.loginCount, 3) +
      20 * saturating(signals.timeOnSiteMs / 60_000, 5) +
      15 * saturating(signals.feedLikes + 2 * signals.feedComments, 3) +
      (signals.isRepeatVisitor ? 10 : 0),
  );
}

export function intentScore(signals: LeadSignals): number {
  return clamp(
    (signals.wantsQuote ? 35 : 0) +
      (signals.subscribed ? 10 : 0) +
      (signals.timeline ? (TIMELINE_INTENT[signals.timeline] ?? 0) : 0) +
      (signals.budget ? (BUDGET_INTENT[signals.budget] ?? 0) : 0) +
      (signals.hasPhone ? 10 : 0),
  );
}

export function qualityScore(signals: LeadSignals): number {
  return clamp(
    (signals.inServiceArea ? 40 : 0) + (signals.hasName ? 15 : 0) + (signals.hasPhone ? 20 : 0) + (signals.budget ? 15 : 0) + (signals.timeline ? 10 : 0),
  );
}

export function computeLeadScores(signals: LeadSignals): LeadScores {
  const engagement = engagementScore(signals);
  const intent = intentScore(signals);
  const quality = qualityScore(signals);
  // Intent weighs most: a homeowner asking for a quote now is the best predictor of a job.
  const close = clamp(0.5 * intent + 0.3 * quality + 0.2 * engagement);
  return {
    engagement_score: engagement,
    intent_score: intent,
    lead_quality_score: quality,
    probability_to_close_score: close,
    lead_score: overallScore({ engagement, intent, quality, close }),
  };
}

/** The dossier's overall score (seed 001 §5): round(0.2·engagement + 0.4·intent + 0.2·quality + 0.2·close). */
export function overallScore({ engagement, intent, quality, close }: { engagement: number; intent: number; quality: number; close: number }): number {
  return clamp(DOSSIER_WEIGHTS.engagement * engagement + DOSSIER_WEIGHTS.intent * intent + DOSSIER_WEIGHTS.quality * quality + DOSSIER_WEIGHTS.close * close);
}
