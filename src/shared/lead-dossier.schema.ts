// What the lead dossier's calls answer (seed 001 §3 'Lead dossier'): the dossier the card, its PDF and
// its email show, and the insight notes on it. The server declares these as its response schemas; the
// dossier card's types (src/shared/lead-dossier.ts) are inferred from them.
import { z } from 'zod';
import { LEAD_STATUSES } from './constants';
import { scoreFactorsSchema } from './lead-row.schema';

const intentLabelSchema = z.enum(['High', 'Medium', 'Low']);

/** One note an admin or contractor left on the lead. */
export const leadInsightSchema = z.object({
  id: z.string(),
  body: z.string(),
  authorName: z.string(),
  authorRole: z.string(),
  createdAt: z.string(),
});

export const leadDossierSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  /** The homeowner opened the link in our confirmation email. */
  emailConfirmed: z.boolean(),
  phone: z.string().nullable(),
  profilePhoto: z.string().nullable(),
  address: z.string().nullable(),
  zipCode: z.string(),
  town: z.string().nullable(),
  /** USD; the card shows it without decimals. */
  homeValue: z.number().nullable(),
  /** USD when known as a number, else the range the homeowner picked (e.g. '$25k - $50k'). */
  budget: z.union([z.number(), z.string()]).nullable(),
  zipIncomeTier: intentLabelSchema.nullable(),
  intentScore: intentLabelSchema,
  engagementScore: z.number(),
  intentScoreValue: z.number(),
  leadQualityScore: z.number(),
  probabilityToCloseScore: z.number(),
  roomType: z.string().nullable(),
  style: z.string().nullable(),
  wantsQuote: z.boolean(),
  status: z.enum(LEAD_STATUSES).nullable(),
  createdAt: z.string().nullable(),
  /** The contractor who holds the lead (the assign dialog preselects them). */
  assignedContractorId: z.string().nullable(),
  beforeImage: z.string().nullable(),
  afterImage: z.string().nullable(),
  /** The after image's caption: what made it ("After (offline preview, not AI)", "After (AI: FLUX.1 Kontext [pro] on Replicate)"). */
  afterLabel: z.string(),
  /** The design request's history when it has more than one result: variations, changes, and which was picked. */
  designHistory: z.string().nullable(),
  contractorNotes: z.array(leadInsightSchema),
  assignedContractors: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Filled by the scoring module when it explains the scores; absent before that. */
  score_factors: scoreFactorsSchema.optional(),
});

/** GET /api/leads/:leadId/dossier */
export const dossierResponseSchema = z.object({ success: z.literal(true), dossier: leadDossierSchema });
/** GET /api/leads/:leadId/insights, newest first. */
export const insightsResponseSchema = z.object({ success: z.literal(true), insights: z.array(leadInsightSchema) });
/** POST /api/leads/:leadId/insights (201): the note as stored. */
export const insightResponseSchema = z.object({ success: z.literal(true), insight: leadInsightSchema });
/** POST /api/leads/:leadId/dossier/email: the contractors' addresses the PDF is queued for. */
export const dossierEmailResponseSchema = z.object({ success: z.literal(true), message: z.string(), recipients: z.array(z.string()) });
