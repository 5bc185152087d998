// What the public site's calls answer: the ZIP gate, the feedback page, the footer's newsletter field, the
// 'Join as Contractor' and contact forms, page-view batches, the profile read and the health check. The
// server declares these as its response schemas and the site's types are inferred from them. Kept apart
// from site.schema.ts (the request rules the forms run) so the home page's bundle carries only those.
import { z } from 'zod';
import { ROLES } from './constants';

/** POST /api/zip/check: served (with the town) or not (with the seed's refusal). */
export const zipCheckResponseSchema = z.discriminatedUnion('approved', [
  z.object({ success: z.literal(true), approved: z.literal(true), zip: z.string(), town: z.string() }),
  z.object({ success: z.literal(true), approved: z.literal(false), zip: z.string(), message: z.string() }),
]);
export type ZipCheckResponse = z.infer<typeof zipCheckResponseSchema>;

/** POST /api/feedback/submit: the stored feedback's id. */
export const feedbackSubmitResponseSchema = z.object({ success: z.literal(true), id: z.string() });

/** POST /api/newsletter/subscribe: the thanks (or 'already subscribed') the footer shows. */
export const newsletterResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** POST /api/contractor-applications and POST /api/contact: the stored message's id and the thanks. */
export const formReceivedResponseSchema = z.object({ success: z.literal(true), id: z.string(), message: z.string() });
export type FormReceived = z.infer<typeof formReceivedResponseSchema>;

/** GET /api/marketing-claims: the seed's claims once the database bears them out (decision 069), or null. */
export const marketingClaimsResponseSchema = z.object({
  success: z.literal(true),
  claims: z.object({ homeowners: z.string(), transformations: z.string() }).nullable(),
});

/** POST /api/events/batch: how many events were kept and how many skipped (all of them without a session). */
export const eventsRecordedResponseSchema = z.object({ success: z.literal(true), recorded: z.number(), skipped: z.number() });

/** GET /api/profile: the seed's `profiles` row of the signed-in person. */
export const profileResponseSchema = z.object({
  success: z.literal(true),
  profile: z.object({ id: z.string(), role: z.enum(ROLES), approved_zip: z.string().nullable() }),
});

const partStatus = z.enum(['up', 'down']);
/** GET /api/health, both as 200 (all up) and as 503 (something down). */
export const healthResponseSchema = z.object({
  success: z.boolean(),
  status: z.enum(['ok', 'degraded']),
  database: partStatus,
  storage: partStatus,
});

/** GET /api/testimonials?town=<slug>: approved quotes from homeowners of that town's ZIP codes, newest first. */
export const testimonialsResponseSchema = z.object({
  success: z.literal(true),
  testimonials: z.array(z.object({ id: z.string(), quote: z.string(), name: z.string(), town: z.string(), rating: z.number() })),
});
export type Testimonial = z.infer<typeof testimonialsResponseSchema>['testimonials'][number];
