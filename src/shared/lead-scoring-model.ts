// What GET /api/admin/lead-scoring-model answers: the close-probability model in use, the hand-set prior
// or the latest fit from converted and dead leads (docs/lead-scoring.md). The server declares it as the
// route's response schema; the admin's model panel infers its types from it.
import { z } from 'zod';

export const leadScoringModelSchema = z.object({
  kind: z.enum(['prior', 'fitted']),
  /** When the model in use was fitted; null for the prior. */
  fittedAt: z.string().nullable(),
  samples: z.object({ converted: z.number(), dead: z.number() }),
  /** Logistic coefficients on scores scaled to 0–1; intercept first. */
  weights: z.array(z.object({ feature: z.enum(['intercept', 'engagement', 'intent', 'quality']), weight: z.number() })),
  /** In-sample figures of the fit; null for the prior. */
  metrics: z.object({ logLoss: z.number(), accuracy: z.number(), l2: z.number() }).nullable(),
});
export type LeadScoringModel = z.infer<typeof leadScoringModelSchema>;
export type CloseModelFeature = LeadScoringModel['weights'][number]['feature'];
export const leadScoringModelResponseSchema = leadScoringModelSchema.extend({ success: z.literal(true) });
