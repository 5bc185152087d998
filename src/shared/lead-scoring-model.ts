// What GET /api/admin/lead-scoring-model answers (besides success): the close-probability model in use,
// the hand-set prior or the latest fit from converted and dead leads (docs/lead-scoring.md).

export type CloseModelFeature = 'intercept' | 'engagement' | 'intent' | 'quality';

export type LeadScoringModel = {
  kind: 'prior' | 'fitted';
  /** When the model in use was fitted; null for the prior. */
  fittedAt: string | null;
  samples: { converted: number; dead: number };
  /** Logistic coefficients on scores scaled to 0–1; intercept first. */
  weights: Array<{ feature: CloseModelFeature; weight: number }>;
  /** In-sample figures of the fit; null for the prior. */
  metrics: { logLoss: number; accuracy: number; l2: number } | null;
};
