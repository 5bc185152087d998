// What the back office's calls answer (seed 001 §3, §7): the dashboard, people, contractors, applications,
// assignments, feedback, settings and system status. The server declares these as its response schemas
// and the admin panel's types are inferred from them.
import { z } from 'zod';
import {
  ASSIGNMENT_METHODS,
  ASSIGNMENT_STATES,
  AUTO_ASSIGNMENT_MODES,
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  EMAIL_STATUSES,
  LEAD_STATUSES,
  LEDGER_KINDS,
  ROLES,
  SUBSCRIPTION_TIERS,
} from './constants';

/** One row of the Users tab. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  login_count: z.number(),
  ai_renderings_count: z.number(),
  total_time_on_site_ms: z.number(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  /** The contractor record this login is linked to, if any. */
  contractor_name: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/get-all-users: the newest people in the window, and how many match. */
export const adminUsersResponseSchema = z.object({ success: z.literal(true), users: z.array(adminUserSchema), total: z.number() });

/** A contractor record as the back office shows it: the row plus the ZIP codes it serves. */
export const contractorViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subscription_tier: z.enum(SUBSCRIPTION_TIERS),
  is_active_subscriber: z.boolean(),
  serves_all_zipcodes: z.boolean(),
  leads_received_count: z.number(),
  leads_converted_count: z.number(),
  conversion_rate: z.number(),
  price_per_lead: z.number(),
  monthly_subscription_fee: z.number(),
  /** Their price for a lead sold to them alone; null: twice price_per_lead. */
  exclusive_price: z.number().nullable(),
  /** At most this many leads per month; null: no cap. */
  monthly_lead_cap: z.number().nullable(),
  /** At most this much spent on leads per month, in dollars; null: no cap. */
  monthly_spend_cap: z.number().nullable(),
  created_at: z.string(),
  assigned_zip_codes: z.array(z.string()),
  /** What they owe now (charges and fees less credits), in cents, from the ledger. */
  balance_cents: z.number(),
});
export type ContractorView = z.infer<typeof contractorViewSchema>;

/** GET /api/admin/get-all-contractors and GET /api/admin/eligible-contractors */
export const contractorsResponseSchema = z.object({ success: z.literal(true), contractors: z.array(contractorViewSchema) });

export const APPLICATION_STATUSES = ['new', 'reviewed', 'approved', 'rejected'] as const;

/** One application from the 'Join as Contractor' form. */
export const applicationRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  trade: z.string().nullable(),
  service_area: z.string().nullable(),
  message: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  created_at: z.string(),
});
export type ContractorApplicationRow = z.infer<typeof applicationRowSchema>;

/** GET /api/admin/contractor-applications */
export const applicationsResponseSchema = z.object({ success: z.literal(true), applications: z.array(applicationRowSchema) });

/** One row of the Assignments tab: the assignment with its lead and contractor, and how the email did. */
export const assignmentRowSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  contractor_id: z.string(),
  leads: z.object({ email: z.string(), zip: z.string(), room_type: z.string().nullable() }),
  contractors: z.object({ name: z.string(), email: z.string() }),
  assigned_at: z.string(),
  assignment_method: z.enum(ASSIGNMENT_METHODS),
  /** True once the mail server accepted the notification (email_status 'sent'). */
  email_sent: z.boolean(),
  email_status: z.enum(EMAIL_STATUSES),
  email_sent_at: z.string().nullable(),
  /** active, or expired: the deadline passed and the lead went to the next contractor (not charged). */
  state: z.enum(ASSIGNMENT_STATES),
  exclusive: z.boolean(),
  price_cents: z.number(),
  respond_by: z.string().nullable(),
  email_opened: z.boolean(),
  email_clicked: z.boolean(),
  contractor_responded: z.boolean(),
  response_time_hours: z.number().nullable(),
});
export type AssignmentRow = z.infer<typeof assignmentRowSchema>;

/** GET /api/leads/get-assignments: the rows and the figures over the whole window. */
export const assignmentsResponseSchema = z.object({
  success: z.literal(true),
  assignments: z.array(assignmentRowSchema),
  stats: z.object({
    total: z.number(),
    emailSent: z.number(),
    emailOpened: z.number(),
    emailClicked: z.number(),
    responded: z.number(),
    avgResponseHours: z.number(),
  }),
});

/** One row of the Feedback tab, with its lead when it names one. */
export const feedbackRowSchema = z.object({
  id: z.string(),
  leads: z
    .object({ name: z.string().nullable(), email: z.string(), room_type: z.string().nullable(), style: z.string().nullable() })
    .nullable(),
  rating: z.number(),
  comment: z.string().nullable(),
  source: z.string().nullable(),
  created_at: z.string(),
  /** The homeowner's permission to be quoted on the site, the name and town the quote would carry, and the admin's approval. */
  quote: z.object({ consent: z.boolean(), name: z.string().nullable(), town: z.string().nullable(), approved: z.boolean() }),
});
export type FeedbackRow = z.infer<typeof feedbackRowSchema>;

/** The Feedback tab's overview over the whole window. */
export const feedbackStatsSchema = z.object({
  totalFeedback: z.number(),
  avgRating: z.number(),
  withComments: z.number(),
  ratings: z.record(z.string(), z.number()),
});
export type FeedbackStats = z.infer<typeof feedbackStatsSchema>;

/** GET /api/admin/get-all-feedback */
export const feedbackResponseSchema = z.object({
  success: z.literal(true),
  feedback: z.array(feedbackRowSchema),
  stats: feedbackStatsSchema,
});

/** POST /api/admin/feedback/:id/quote: approve (or withdraw) a homeowner's quote for the town pages. */
export const quoteApprovalSchema = z.object({ approved: z.boolean() });

/** A call that only says it worked: { success: true }. */
export const okResponseSchema = z.object({ success: z.literal(true) });

/** A call that worked and says so in words the screen shows. */
export const acknowledgedResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** GET /api/admin/get-dashboard-summary: the overview cards, the funnel, leads per day and site activity. */
export const dashboardSummarySchema = z.object({
  leads: z.object({
    totalLeads: z.number(),
    newLeads: z.number(),
    convertedLeads: z.number(),
    assignedLeads: z.number(),
    quotedLeads: z.number(),
    avgProbabilityScore: z.number(),
  }),
  users: z.object({ totalUsers: z.number(), homeowners: z.number(), contractors: z.number(), admins: z.number() }),
  contractors: z.object({
    totalContractors: z.number(),
    activeSubscribers: z.number(),
    avgConversionRate: z.number(),
    /** Median hours from assignment to the contractor's first action; null before any. */
    medianResponseHours: z.number().nullable(),
  }),
  funnel: z.object({
    counts: z.record(z.enum(LEAD_STATUSES), z.number()),
    conversionRate: z.number(),
    assignmentRate: z.number(),
    responseRate: z.number(),
  }),
  leadsPerDay: z.array(z.object({ date: z.string(), count: z.number() })),
  activity: z.object({ logins: z.number(), renders: z.number(), emails: z.number(), timeOnSiteMs: z.number() }),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
export const dashboardSummaryResponseSchema = z.object({ success: z.literal(true), data: dashboardSummarySchema });

/** GET /api/admin/home-summary: the live counts of the admin-only home-page section. */
export const adminHomeSummaryResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ rendersToday: z.number(), newLeadsToday: z.number(), leadsAwaitingAssignment: z.number() }),
});
export type AdminHomeSummary = z.infer<typeof adminHomeSummaryResponseSchema>['data'];

/** GET and PUT /api/admin/settings */
export const settingsResponseSchema = z.object({
  success: z.literal(true),
  settings: z.object({
    autoAssignment: z.enum(AUTO_ASSIGNMENT_MODES),
    /** A shared lead goes to at most this many contractors. */
    maxContractorsPerLead: z.number(),
    /** Hours a contractor has to mark an assigned lead contacted. */
    responseDeadlineHours: z.number(),
    /** An overdue assignment's lead goes to the next eligible contractor, and the late one is credited. */
    autoReassign: z.boolean(),
  }),
});

/** One ZIP code of the service area; a ZIP switched off stays listed, inactive. */
export const serviceAreaZipSchema = z.object({ zip: z.string(), town: z.string(), active: z.boolean(), created_at: z.string() });
export type ServiceAreaZip = z.infer<typeof serviceAreaZipSchema>;
/** GET /api/admin/service-area */
export const serviceAreaResponseSchema = z.object({ success: z.literal(true), zips: z.array(serviceAreaZipSchema) });
/** POST /api/admin/service-area: the ZIP as saved. */
export const serviceAreaZipResponseSchema = z.object({ success: z.literal(true), zip: serviceAreaZipSchema });

/** One AI engine on the System status tab: its provider, whether it answers, and its last day. */
export const engineStatusSchema = z.object({
  engine: z.string(),
  label: z.string(),
  provider: z.string(),
  /** The model that renders it, by the name people see (the offline preview when no provider is bound). */
  model: z.string(),
  configured: z.boolean(),
  reachable: z.boolean(),
  detail: z.string(),
  failedLast24h: z.number(),
  fallbacksLast24h: z.number(),
  medianRenderMs: z.number().nullable(),
});
export type EngineStatus = z.infer<typeof engineStatusSchema>;

/** The render queue as the status tab describes it. */
export const queueStatusSchema = z.object({
  kind: z.enum(['database', 'bullmq']),
  healthy: z.boolean(),
  waiting: z.number(),
  active: z.number(),
  failed: z.number(),
});
export type QueueStatus = z.infer<typeof queueStatusSchema>;

/** GET /api/admin/system-status */
/** Renders, failures, fall-backs and estimated spend of the renders that went to one provider. */
export const providerSpendSchema = z.object({
  provider: z.string(),
  renders: z.number(),
  failed: z.number(),
  fellBack: z.number(),
  costUsd: z.number(),
});

/** The spend guard: AI_DAILY_BUDGET_USD (null when unset) and today's estimated spend (since midnight in Massachusetts). */
export const aiBudgetSchema = z.object({ dailyBudgetUsd: z.number().nullable(), spentTodayUsd: z.number(), reached: z.boolean() });
export type AiBudget = z.infer<typeof aiBudgetSchema>;

/** GET /api/admin/ai-budget: for the back office's banner when the budget is reached. */
export const aiBudgetResponseSchema = z.object({ success: z.literal(true), budget: aiBudgetSchema });

export const systemStatusResponseSchema = z.object({
  success: z.literal(true),
  checkedAt: z.string(),
  database: z.object({ kind: z.enum(['postgres', 'sqlite']), reachable: z.boolean(), latencyMs: z.number() }),
  storage: z.object({ kind: z.string(), healthy: z.boolean() }),
  mail: z.object({ transport: z.string(), pending: z.number(), sent: z.number(), failed: z.number() }),
  queue: queueStatusSchema,
  engines: z.array(engineStatusSchema),
  aiSpend: z.object({ budget: aiBudgetSchema, today: z.array(providerSpendSchema), last30Days: z.array(providerSpendSchema) }),
});
export type SystemStatus = z.infer<typeof systemStatusResponseSchema>;

/** POST /api/admin/system-status/test-email: the outbox row the test mail went into. */
export const testEmailResponseSchema = z.object({ success: z.literal(true), message: z.string(), id: z.string() });

/**
 * A background recalculation of every lead's scores, as the Leads tab's progress bar reads it: `scored` of
 * `total` leads so far (`total` is 0 until the run starts), and how many changed.
 */
export const scoreRecalculationSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number(),
  scored: z.number(),
  updated: z.number(),
  model: z.enum(['prior', 'fitted']).nullable(),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type ScoreRecalculation = z.infer<typeof scoreRecalculationSchema>;

/**
 * POST /api/recalculate-lead-scores: the seed's `success`, and the recalculation it started (or the one already
 * running, which a second press joins). The scores change in the background; the seed's message is shown when
 * the run is done (GET /api/admin/lead-score-recalculation).
 */
export const recalculateScoresResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  recalculation: scoreRecalculationSchema,
});

/** GET /api/admin/lead-score-recalculation: the newest recalculation, or null when there has been none. */
export const scoreRecalculationResponseSchema = z.object({
  success: z.literal(true),
  recalculation: scoreRecalculationSchema.nullable(),
});

/** POST /api/leads/assign-manually: the seed's message, plus who got the lead and who already had it. */
export const assignLeadResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  assignmentMethod: z.enum(ASSIGNMENT_METHODS),
  assignments: z.array(z.object({ assignmentId: z.string(), contractorId: z.string(), contractorName: z.string() })),
  alreadyAssigned: z.array(z.string()),
});

/** A contractor's invitation link: when it stops working (the link itself only goes out by email). */
const invitationSentSchema = z.object({ expiresAt: z.string() });

/** POST /api/admin/add-contractor and POST /api/admin/contractor-applications/:id/approve */
export const contractorCreatedResponseSchema = z.object({
  success: z.literal(true),
  contractor: contractorViewSchema,
  invitation: invitationSentSchema,
});

/** POST /api/admin/contractor-invitations: a fresh link went out. */
export const invitationResentResponseSchema = z.object({ success: z.literal(true), invitation: invitationSentSchema });

/** GET /api/contractor-invitations/by-token/:token: whom a link is for, until when. */
export const invitationResponseSchema = z.object({
  success: z.literal(true),
  invitation: z.object({ name: z.string(), email: z.string(), expiresAt: z.string() }),
});
export type InvitationDetails = z.infer<typeof invitationResponseSchema>['invitation'];

/** POST /api/contractor-invitations/accept: the address to sign in with. */
export const invitationAcceptedResponseSchema = z.object({ success: z.literal(true), email: z.string() });

/** GET /api/debug-env: which settings are present, never their values. */
export const debugEnvResponseSchema = z.object({
  success: z.literal(true),
  environment: z.string().nullable(),
  database: z.enum(['postgres', 'sqlite']),
  variables: z.record(z.string(), z.boolean()),
});

/** GET /api/debug-supabase: the database answers, how fast, and the back office's row counts. */
export const debugDatabaseResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  database: z.object({ kind: z.enum(['postgres', 'sqlite']), reachable: z.boolean(), latencyMs: z.number() }),
  storage: z.boolean(),
  tables: z.record(z.string(), z.number()),
});

/** GET /api/debug-supabase when the database does not answer (503). */
export const debugDatabaseDownResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.literal('INTERNAL'),
  database: z.object({ kind: z.enum(['postgres', 'sqlite']), reachable: z.boolean(), latencyMs: z.number() }),
  storage: z.boolean(),
});

/** One configured Replicate model's check: GET /v1/models/{owner}/{name} (or its pinned version). */
export const modelTestSchema = z.object({
  /** As bound: 'google/nano-banana-2' or 'owner/name:version'. */
  model: z.string(),
  name: z.string(),
  /** The engines (or the upscaler) that render with it. */
  usedBy: z.array(z.string()),
  working: z.boolean(),
  /** What Replicate answered, or why it could not be asked; never a secret. */
  detail: z.string(),
});
export type ModelTest = z.infer<typeof modelTestSchema>;

/** GET /api/debug-replicate: the seed's model probe, from real calls to the providers. */
export const debugImageProviderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The bound Replicate models that answered, as bound. */
  workingModels: z.array(z.string()),
  modelTests: z.array(modelTestSchema),
  /** Stability AI's engine ids (GET /v1/engines/list) when STABILITY_API_KEY is set. */
  stabilityAiModels: z.array(z.string()),
  recommendation: z.string(),
});
export type DebugImageProviders = z.infer<typeof debugImageProviderResponseSchema>;

/** POST /api/notify-contractor: the test lead, its score, and whether automatic assignment took it. */
export const debugLeadResponseSchema = z.object({
  success: z.literal(true),
  id: z.string(),
  score: z.number(),
  assignment: z.discriminatedUnion('assigned', [
    z.object({
      assigned: z.literal(true),
      contractorId: z.string(),
      assignmentId: z.string(),
      method: z.enum(['round-robin', 'next-in-line']),
    }),
    z.object({ assigned: z.literal(false), reason: z.enum(['off', 'already-assigned', 'no-eligible-contractor', 'not-found']) }),
  ]),
});

const contractorOption = z.object({
  id: z.string(),
  name: z.string(),
  /** What this lead would cost them, in cents (the exclusive price when asked for an exclusive sale). */
  priceCents: z.number(),
  /** They have or had this lead already. */
  hadLead: z.boolean(),
  /** Why they cannot take it now (a monthly cap); null when they can. */
  problem: z.string().nullable(),
});
const namedContractor = z.object({ id: z.string(), name: z.string() }).nullable();

/** GET /api/admin/leads/:leadId/assignment-options: what the assign dialog shows before the admin confirms. */
export const assignmentOptionsResponseSchema = z.object({
  success: z.literal(true),
  /** Why the lead cannot be assigned at all (no consent, deleted account, sold exclusively, full); null when it can. */
  problem: z.string().nullable(),
  maxContractors: z.number(),
  activeCount: z.number(),
  contractors: z.array(contractorOption),
  roundRobin: namedContractor,
  nextInLine: namedContractor,
});
export type AssignmentOptions = z.infer<typeof assignmentOptionsResponseSchema>;

/** One assignment past its response deadline, not marked contacted. */
export const overdueAssignmentSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  contractor_id: z.string(),
  assigned_at: z.string(),
  respond_by: z.string().nullable(),
  price_cents: z.number(),
  contractor_name: z.string(),
  lead_name: z.string().nullable(),
  zip: z.string(),
  room_type: z.string().nullable(),
});
export type OverdueAssignment = z.infer<typeof overdueAssignmentSchema>;
/** GET /api/admin/overdue-assignments, oldest deadline first. */
export const overdueAssignmentsResponseSchema = z.object({ success: z.literal(true), assignments: z.array(overdueAssignmentSchema) });

/** POST /api/contractor/leads/:leadId/disputes (201) */
export const disputeOpenedResponseSchema = z.object({ success: z.literal(true), id: z.string(), message: z.string() });

/** One dispute on the admins' list, with the lead, the contractor and the price in question. */
export const disputeRowSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  contractor_id: z.string(),
  reason: z.enum(DISPUTE_REASONS),
  details: z.string().nullable(),
  status: z.enum(DISPUTE_STATUSES),
  admin_note: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  assigned_at: z.string(),
  price_cents: z.number(),
  contractor_name: z.string(),
  lead_name: z.string().nullable(),
  lead_email: z.string(),
  zip: z.string(),
  room_type: z.string().nullable(),
});
export type DisputeRow = z.infer<typeof disputeRowSchema>;
/** GET /api/admin/disputes, newest first. */
export const disputesResponseSchema = z.object({ success: z.literal(true), disputes: z.array(disputeRowSchema) });

/** A contractor's monthly statement (amounts in cents; credits negative). */
export const statementSchema = z.object({
  contractor: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  period: z.string(),
  openingCents: z.number(),
  entries: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      kind: z.enum(LEDGER_KINDS),
      description: z.string(),
      amountCents: z.number(),
      leadId: z.string().nullable(),
    }),
  ),
  totals: z.object({ leadChargesCents: z.number(), feesCents: z.number(), creditsCents: z.number(), closingCents: z.number() }),
});
export type StatementView = z.infer<typeof statementSchema>;
/** GET /api/admin/contractors/:id/statement and GET /api/contractor/statement */
export const statementResponseSchema = z.object({ success: z.literal(true), statement: statementSchema });

/** GET /api/admin/revenue: the ledger per month, newest first (cents; credits negative). */
export const revenueResponseSchema = z.object({
  success: z.literal(true),
  months: z.array(
    z.object({ period: z.string(), leadCents: z.number(), feeCents: z.number(), creditCents: z.number(), netCents: z.number() }),
  ),
});

/** PUT /api/admin/update-user-role: done; for a new contractor, what happened to their contractor record. */
export const roleChangedResponseSchema = z.object({
  success: z.literal(true),
  contractorLink: z.object({ outcome: z.enum(['linked', 'created', 'already-linked', 'not-linked']), message: z.string() }).optional(),
});

/** GET /api/admin/hero: the community design the home page hero shows (null: the shipped example), and those that may be picked. */
export const heroSettingsResponseSchema = z.object({
  success: z.literal(true),
  heroLeadId: z.string().nullable(),
  candidates: z.array(
    z.object({ leadId: z.string(), title: z.string(), zip: z.string(), createdAt: z.string(), madeBy: z.string(), afterUrl: z.string() }),
  ),
});
export type HeroSettings = z.infer<typeof heroSettingsResponseSchema>;

/** PUT /api/admin/hero: pick a community design for the hero, or null for the shipped example. */
export const heroChoiceSchema = z.object({ leadId: z.string().max(100).nullable() });
