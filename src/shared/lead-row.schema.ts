// The lead as the back office sees it, in one place: the lead's columns once, and the two views picked
// from them, the admin's leads table (seed 001 §3 get-all-leads) and the contractor's dashboard (§7
// contractor leads). The server selects exactly each view's columns (leads repository) and the browser's
// types are inferred from the same schemas, so the two cannot drift apart.
import { z } from 'zod';
import { DISPUTE_REASONS, DISPUTE_STATUSES, LEAD_STATUSES, SUBSCRIPTION_TIERS } from './constants';
import type { ScoreFactors } from './lead-score-factors';

const scoreFactorSchema = z.object({ label: z.string(), points: z.number() });
/** The top factors behind each score (empty lists until the lead is scored); the type itself lives in lead-score-factors.ts. */
export const scoreFactorsSchema = z.object({
  engagement: z.array(scoreFactorSchema),
  intent: z.array(scoreFactorSchema),
  quality: z.array(scoreFactorSchema),
  close: z.array(scoreFactorSchema),
}) satisfies z.ZodType<ScoreFactors>;

const text = z.string().nullable();

/** Every column of `leads` that a back-office view shows, with its type on the wire. */
export const leadColumnsSchema = z.object({
  id: z.string(),
  name: text,
  email: z.string(),
  /** The homeowner opened the link in our confirmation email. */
  email_confirmed: z.boolean(),
  phone: text,
  zip: z.string(),
  room_type: text,
  style: text,
  wants_quote: z.boolean(),
  status: z.enum(LEAD_STATUSES),
  created_at: z.string(),
  render_count: z.number(),
  social_engaged: z.boolean(),
  is_repeat_visitor: z.boolean(),
  probability_to_close_score: z.number(),
  intent_score: z.number(),
  lead_quality_score: z.number(),
  engagement_score: z.number(),
  lead_score: z.number(),
  image_url: text,
  ai_url: text,
  assigned_contractor_id: text,
  timeline: text,
  budget: text,
  project_type: text,
  contact_method: text,
  notes: text,
});

type LeadColumn = keyof typeof leadColumnsSchema.shape;

/** The lead's schema narrowed to one view's columns. */
function pickColumns<K extends LeadColumn>(columns: readonly K[]) {
  const mask = Object.fromEntries(columns.map((column) => [column, true])) as Record<K, true>;
  return leadColumnsSchema.pick(mask as Record<K, true> & Record<Exclude<K, LeadColumn>, never>);
}

/** The columns of the admin's leads table, in the order the seed lists them. */
export const ADMIN_LEAD_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'zip',
  'room_type',
  'style',
  'wants_quote',
  'status',
  'created_at',
  'render_count',
  'social_engaged',
  'is_repeat_visitor',
  'probability_to_close_score',
  'intent_score',
  'lead_quality_score',
  'engagement_score',
  'lead_score',
  'image_url',
  'ai_url',
  'assigned_contractor_id',
  'email_confirmed',
] as const satisfies readonly LeadColumn[];

/** One row of GET /api/admin/get-all-leads: the columns, the explanations and the assigned contractor's name. */
export const adminLeadRowSchema = pickColumns(ADMIN_LEAD_COLUMNS).extend({
  score_factors: scoreFactorsSchema,
  contractors: z.object({ name: z.string() }).nullable(),
});
export type AdminLeadRow = z.infer<typeof adminLeadRowSchema>;

/** The columns of the contractor's dashboard: the project details of the quote request, not the other scores. */
export const CONTRACTOR_LEAD_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'zip',
  'room_type',
  'style',
  'wants_quote',
  'status',
  'created_at',
  'lead_score',
  'probability_to_close_score',
  'timeline',
  'budget',
  'project_type',
  'contact_method',
  'notes',
  'email_confirmed',
] as const satisfies readonly LeadColumn[];

/** One row of GET /api/contractor/leads: the columns, when it was assigned, and the contractor's own image links. */
export const contractorLeadRowSchema = pickColumns(CONTRACTOR_LEAD_COLUMNS).extend({
  assigned_at: z.string(),
  /** Mark it contacted by then (the response deadline). */
  respond_by: z.string().nullable(),
  /** Past the deadline and not marked contacted yet. */
  overdue: z.boolean(),
  exclusive: z.boolean(),
  /** What the lead cost, in cents. */
  price_cents: z.number(),
  /** The notes the contractor left with their status changes, newest first. */
  status_notes: z.array(z.object({ status: z.enum(LEAD_STATUSES), note: z.string(), at: z.string() })),
  /** The contractor's dispute of this lead, if any. */
  dispute: z.object({ status: z.enum(DISPUTE_STATUSES), reason: z.enum(DISPUTE_REASONS) }).nullable(),
  score_factors: scoreFactorsSchema,
  image_url: text,
  ai_url: text,
  /** The caption of the "after" image: what made it (src/shared/render-credit.ts). */
  ai_label: z.string(),
});
export type ContractorLeadRow = z.infer<typeof contractorLeadRowSchema>;

/** GET /api/admin/get-all-leads (seed 001 §7): one page of the Leads tab. */
export const adminLeadsResponseSchema = z.object({
  success: z.literal(true),
  leads: z.array(adminLeadRowSchema),
  /** How many leads match, counted up to a limit (LEAD_COUNT_LIMIT, or further to reach the page asked for). */
  total: z.number(),
  /** More leads match than `total` says: the count stopped at its limit. */
  totalCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminLeadsResponse = z.infer<typeof adminLeadsResponseSchema>;

/** GET /api/contractor/leads (seed 001 §7): the contractor, their leads, the dashboard's stats and their ZIP codes. */
export const contractorLeadsResponseSchema = z.object({
  success: z.literal(true),
  contractor: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    subscription_tier: z.enum(SUBSCRIPTION_TIERS),
    serves_all_zipcodes: z.boolean(),
  }),
  leads: z.array(contractorLeadRowSchema),
  stats: z.object({ totalLeads: z.number(), highValueLeads: z.number(), recentLeads: z.number(), avgLeadScore: z.number() }),
  assignedZipCodes: z.array(z.string()),
});
export type ContractorLeadsResponse = z.infer<typeof contractorLeadsResponseSchema>;
