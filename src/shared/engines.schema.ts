// GET /api/engines: what renders each of the seed's two engines right now, so the engine cards, the progress
// overlay and the result say the same thing: an AI model at a provider, or the offline preview (not AI).
import { z } from 'zod';

export const engineRendererSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ai'), model: z.string(), provider: z.string(), label: z.string() }),
  z.object({ kind: z.literal('offline'), label: z.string() }),
]);
export type EngineRenderer = z.infer<typeof engineRendererSchema>;

export const enginesResponseSchema = z.object({
  success: z.literal(true),
  engines: z.array(z.object({ id: z.string(), name: z.string(), renderer: engineRendererSchema })),
  /** True once today's AI budget is spent: AI engines render offline previews until midnight (Massachusetts). */
  aiPaused: z.boolean(),
});
export type EnginesResponse = z.infer<typeof enginesResponseSchema>;
