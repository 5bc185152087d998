// My Designs: every finished design of the signed-in homeowner, newest first, so a design is never lost
// after the workflow's modals close (GET /api/my-designs, DELETE /api/my-designs/:id).
import { z } from 'zod';
import { renderStateSchema } from './render.schema';

export const myDesignSchema = z.object({
  id: z.string(),
  /** The picked result as the workflow sees it: its images (the full one only once released) and who made it. */
  render: renderStateSchema,
  /** Every finished result of the design (the first render, variations, refinements), oldest first. */
  results: z.array(renderStateSchema),
  roomType: z.string(),
  /** The preset's name, or null for a design described in the homeowner's own words. */
  styleName: z.string().nullable(),
  customPrompt: z.string().nullable(),
  createdAt: z.string(),
  /** The lead the email step made of this design, if it has been through the email step. */
  leadId: z.string().nullable(),
  /** The design email waits for the address to be confirmed. */
  awaitingConfirmation: z.boolean(),
  quoteRequested: z.boolean(),
});
export type MyDesign = z.infer<typeof myDesignSchema>;

export const myDesignsResponseSchema = z.object({
  success: z.literal(true),
  designs: z.array(myDesignSchema),
  nextCursor: z.string().nullable(),
});
export type MyDesignsPage = z.infer<typeof myDesignsResponseSchema>;

export const myDesignsQuerySchema = z.object({ cursor: z.string().max(500).optional() });

/** How many designs one page of My Designs holds. */
export const MY_DESIGNS_PAGE_SIZE = 24;
