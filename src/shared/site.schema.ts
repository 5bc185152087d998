// Request bodies of the public site's calls, shared by the forms and the server.
import { z } from 'zod';
import { LIMITS } from './constants';
import { HOMEOWNER_MESSAGES, PRODUCT_MESSAGES } from './messages';
import { emailSchema } from './auth.schema';

export const zipSchema = z
  .string()
  .trim()
  .regex(/^\d{5}$/, PRODUCT_MESSAGES.zipFormat);
export const zipCheckSchema = z.object({ zip: zipSchema });

const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, PRODUCT_MESSAGES.tooLong(field, max))
    .nullish()
    .transform((value) => value || null);
const requiredText = (field: string, max: number) =>
  z
    .string({ error: PRODUCT_MESSAGES.fieldRequired(field) })
    .trim()
    .min(1, PRODUCT_MESSAGES.fieldRequired(field))
    .max(max, PRODUCT_MESSAGES.tooLong(field, max));

/** POST /api/feedback/submit, as the seed's feedback page sends it. */
export const feedbackSubmitSchema = z
  .object({
    lead_id: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((value) => value || null),
    rating: z
      .number({ error: HOMEOWNER_MESSAGES.feedbackRatingRequired })
      .int(PRODUCT_MESSAGES.ratingRange)
      .min(1, HOMEOWNER_MESSAGES.feedbackRatingRequired)
      .max(5, PRODUCT_MESSAGES.ratingRange),
    // A blank comment is stored as null (seed 000 §5).
    comment: optionalText('Comment', LIMITS.feedbackCommentMaxLength),
    source: optionalText('Source', 50),
    page_location: optionalText('Page location', 2000),
    /** "May we quote you on our site?" (unticked unless the homeowner ticks it): first name and town only. */
    quote_consent: z.boolean().default(false),
    quote_name: optionalText('First name', 40),
  })
  .refine((body) => !body.quote_consent || body.quote_name, { error: PRODUCT_MESSAGES.quoteNameNeeded, path: ['quote_name'] })
  .refine((body) => !body.quote_consent || body.comment, { error: PRODUCT_MESSAGES.quoteCommentNeeded, path: ['comment'] });
export type FeedbackSubmit = z.input<typeof feedbackSubmitSchema>;

export const newsletterSubscribeSchema = z.object({ email: emailSchema });

export const contractorApplicationSchema = z.object({
  name: requiredText('Your name', 120),
  company: requiredText('Company', 160),
  email: emailSchema,
  phone: optionalText('Phone', 40),
  trade: requiredText('Trade', 120),
  serviceArea: requiredText('Service area', 500),
  message: optionalText('Message', 2000),
});
export type ContractorApplication = z.input<typeof contractorApplicationSchema>;

export const contactMessageSchema = z.object({
  name: requiredText('Name', 120),
  email: emailSchema,
  message: requiredText('Message', 4000),
});
export type ContactMessage = z.input<typeof contactMessageSchema>;

/** One batch of page-view and time-on-site events, sent with navigator.sendBeacon. */
export const trackEventsSchema = z.object({
  events: z
    .array(
      z.discriminatedUnion('type', [
        z.object({
          type: z.literal('view'),
          page: z.string().max(500),
          timestamp: z.iso.datetime(),
          extras: z.record(z.string(), z.string()).optional(),
        }),
        z.object({
          type: z.literal('time_spent'),
          page: z.string().max(500),
          timestamp: z.iso.datetime(),
          time_spent_ms: z.number().int().min(0).max(LIMITS.timeSpentMaxMs),
        }),
      ]),
    )
    .max(50),
});
export type TrackEvents = z.infer<typeof trackEventsSchema>;
