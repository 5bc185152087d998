// What the back office's list calls answer (seed 001 §3, §7): people, contractors and applications. The
// server declares these as its response schemas and the admin panel's types are inferred from them.
import { z } from 'zod';
import { ASSIGNMENT_METHODS, ROLES, SUBSCRIPTION_TIERS } from './constants';

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
  created_at: z.string(),
  assigned_zip_codes: z.array(z.string()),
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
  email_sent: z.boolean(),
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
