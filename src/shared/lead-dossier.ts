// The lead dossier (seed 001 §3 'Lead dossier'): what the dossier card, its PDF and its email show,
// shared by the server that builds it and the client that renders it. Its shape is the response schema
// in lead-dossier.schema.ts.
import type { z } from 'zod';
import { DOSSIER_WEIGHTS, PRIORITY_BANDS } from './constants';
import type { leadDossierSchema, leadInsightSchema } from './lead-dossier.schema';

export type IntentLabel = z.infer<typeof leadDossierSchema>['intentScore'];
export type LeadInsight = z.infer<typeof leadInsightSchema>;
export type LeadDossier = z.infer<typeof leadDossierSchema>;

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
