// The lead dossier (seed 001 §3 'Lead dossier'): what the dossier card, its PDF and its email show,
// shared by the server that builds it and the client that renders it.
import { DOSSIER_WEIGHTS, PRIORITY_BANDS, type LeadStatus } from './constants';
import type { ScoreFactors } from './lead-score-factors';

export type IntentLabel = 'High' | 'Medium' | 'Low';

export type LeadInsight = { id: string; body: string; authorName: string; authorRole: string; createdAt: string };

export type LeadDossier = {
  id: string;
  name: string | null;
  email: string;
  /** The homeowner opened the link in our confirmation email. */
  emailConfirmed: boolean;
  phone: string | null;
  profilePhoto: string | null;
  address: string | null;
  zipCode: string;
  town: string | null;
  /** USD; the card shows it without decimals. */
  homeValue: number | null;
  /** USD when known as a number, else the range the homeowner picked (e.g. '$25k - $50k'). */
  budget: number | string | null;
  zipIncomeTier: IntentLabel | null;
  intentScore: IntentLabel;
  engagementScore: number;
  intentScoreValue: number;
  leadQualityScore: number;
  probabilityToCloseScore: number;
  roomType: string | null;
  style: string | null;
  wantsQuote: boolean;
  status: LeadStatus | null;
  createdAt: string | null;
  /** The contractor who holds the lead (the assign dialog preselects them). */
  assignedContractorId: string | null;
  beforeImage: string | null;
  afterImage: string | null;
  contractorNotes: LeadInsight[];
  assignedContractors: { id: string; name: string }[];
  /** Filled by the scoring module when it explains the scores; absent before that. */
  score_factors?: ScoreFactors;
};

/** Seed 001 §5: round(0.2·engagement + 0.4·intent + 0.2·quality + 0.2·close). */
export function overallDossierScore(
  dossier: Pick<LeadDossier, 'engagementScore' | 'intentScoreValue' | 'leadQualityScore' | 'probabilityToCloseScore'>,
): number {
  return Math.round(
    DOSSIER_WEIGHTS.engagement * dossier.engagementScore +
      DOSSIER_WEIGHTS.intent * dossier.intentScoreValue +
      DOSSIER_WEIGHTS.quality * dossier.leadQualityScore +
      DOSSIER_WEIGHTS.close * dossier.probabilityToCloseScore,
  );
}

/** The address with whether its owner confirmed it, for the PDF and the dossier email. */
export function emailWithConfirmation(dossier: Pick<LeadDossier, 'email' | 'emailConfirmed'>): string {
  return `${dossier.email} (${dossier.emailConfirmed ? 'confirmed' : 'not confirmed'})`;
}

/** The intent badge uses the seed's priority thresholds (70 / 50) on the intent score. */
export function intentLabel(intentScore: number): IntentLabel {
  if (intentScore >= PRIORITY_BANDS.high) return 'High';
  if (intentScore >= PRIORITY_BANDS.medium) return 'Medium';
  return 'Low';
}

/** USD without decimals (seed 001 §9). */
export const formatUsd = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(value);

export const formatBudget = (budget: LeadDossier['budget']) =>
  budget === null ? null : typeof budget === 'number' ? formatUsd(budget) : budget;

export const INSIGHT_MAX_LENGTH = 2000;
