// A design request's results: its first render, variations (same choices, a new seed) and refinements (an
// edit of one result in the homeowner's words). The homeowner flips between up to four and picks the one
// that is emailed and becomes the lead's image.
import { z } from 'zod';
import { renderStateSchema } from './render.schema';

/** Up to four results per design request: the first render and three more. */
export const MAX_DESIGN_RESULTS = 4;
export const REFINEMENT_MAX_LENGTH = 300;

export const DESIGN_MESSAGES = {
  full: `This design already has ${MAX_DESIGN_RESULTS} results. Pick one, or start a new design.`,
  notReady: 'Wait for this result to finish before changing it.',
  busy: 'Another result of this design is still being made. Wait for it to finish first.',
  offlineDidNotUnderstand:
    'The offline preview changes colours and materials it knows, for example "sage green walls" or "light oak floor"; it found none in your words, and it cannot add, remove or move objects.',
  pickFinished: 'Pick a finished result of this design.',
} as const;

export const designResultSchema = renderStateSchema.extend({
  kind: z.enum(['original', 'variation', 'refinement']),
  /** A refinement's words. */
  refinement: z.string().nullable(),
  /** What the engine said about this result (the offline preview's understood words). */
  note: z.string().nullable(),
});
export type DesignResult = z.infer<typeof designResultSchema>;

/** GET /api/designs/:designId and the answers of the calls that change a design. */
export const designResponseSchema = z.object({
  success: z.literal(true),
  design: z.object({
    id: z.string(),
    /** The result that is emailed and becomes the lead's image. */
    pickedRenderId: z.string(),
    results: z.array(designResultSchema),
    maxResults: z.number(),
  }),
});
export type Design = z.infer<typeof designResponseSchema>['design'];

export const refineSchema = z.object({
  renderId: z.string().trim().min(1).max(100),
  instruction: z
    .string()
    .trim()
    .min(3, { error: 'Say what to change, for example "paint the walls sage green".' })
    .max(REFINEMENT_MAX_LENGTH, { error: `Keep it under ${REFINEMENT_MAX_LENGTH} characters.` }),
});
export const pickSchema = z.object({ renderId: z.string().trim().min(1).max(100) });
