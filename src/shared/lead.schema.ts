// The email step and the quote request (seed 000 §3, §5, §7), shared by the modals and the server.
import { z } from 'zod';
import { CONTACT_METHODS, QUOTE_BUDGETS, QUOTE_PROJECT_TYPES, QUOTE_TIMELINES, ROOM_TYPE_KEYS } from './constants';
import { emailSchema } from './auth.schema';
import { zipSchema } from './site.schema';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

/** POST /api/send-email: the seed's email payload, plus the feed-sharing consent. */
export const sendEmailSchema = z.object({
  email: emailSchema,
  name: optionalText(120),
  phone: optionalText(40),
  // The seed sends the images as data URLs; the server already holds both and ignores these.
  // (Data URLs fit within the route's body limit; a render URL in afterImage finds the render.)
  beforeImage: z.string().nullish(),
  afterImage: z.string().nullish(),
  selectedStyle: z
    .union([
      z.string().max(1000),
      z.object({ id: z.string().max(100).optional(), name: z.string().max(200).optional(), prompt: z.string().max(2000).optional() }),
    ])
    .nullish(),
  roomType: z.enum(ROOM_TYPE_KEYS).nullish(),
  subscribe: z.boolean().default(false),
  zipCode: zipSchema,
  /** The render this email is about; a retry with the same id updates the same lead. */
  designRequestId: z.string().min(1).max(100),
  userId: z.string().max(100).nullish(),
  shareInFeed: z.boolean().default(false),
});
export type SendEmail = z.input<typeof sendEmailSchema>;

/** POST /api/quotes: the seed's quote request, for the homeowner's own design or for a feed design they like. */
export const quoteRequestSchema = z
  .object({
    designRequestId: z.string().min(1).max(100).optional(),
    /** A community-feed design (or example) the quote is 'for a design like this'. */
    inspirationId: z.string().min(1).max(100).optional(),
    zipCode: zipSchema,
    projectType: z.enum(QUOTE_PROJECT_TYPES, { error: 'Please choose a project type' }),
    timeline: z.enum(QUOTE_TIMELINES, { error: 'Please choose a timeline' }),
    budget: z.enum(QUOTE_BUDGETS, { error: 'Please choose a budget' }),
    contactMethod: z.enum(CONTACT_METHODS).default('email'),
    /** The number to call when the preferred contact is the phone (kept from the email step when sent there). */
    phone: optionalText(40),
    notes: optionalText(2000),
    /** The consent box under the form (unticked until the homeowner ticks it), and which text it showed. */
    contactConsent: z.boolean({ error: 'contactConsent must be true or false' }).default(false),
    consentVersion: z.string().max(100).optional(),
  })
  .refine((body) => !body.contactConsent || Boolean(body.consentVersion), {
    error: 'consentVersion names the consent text that was shown.',
    path: ['consentVersion'],
  })
  .refine((body) => Boolean(body.designRequestId) !== Boolean(body.inspirationId), {
    error: 'Choose the design this quote is for.',
    path: ['designRequestId'],
  });
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

/** POST /api/send-email (seed 000 §7): the message the modal shows, and the lead the design became. */
export const sendEmailResponseSchema = z.object({ success: z.literal(true), message: z.string(), leadId: z.string() });
export type SendEmailResponse = z.infer<typeof sendEmailResponseSchema>;

/** POST /api/quotes: the message the modal shows, and the quote as stored on the lead. */
export const quoteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  lead: z.object({
    id: z.string(),
    wants_quote: z.boolean(),
    project_type: z.string().nullable(),
    timeline: z.string().nullable(),
    budget: z.string().nullable(),
    contact_method: z.string().nullable(),
    /** Whether the homeowner agreed to be contacted: without it the lead cannot go to contractors. */
    contact_consent: z.boolean(),
  }),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

/** GET /api/consent/quote: the consent text the quote form shows now, and its version. */
export const quoteConsentResponseSchema = z.object({ success: z.literal(true), version: z.string(), text: z.string() });
