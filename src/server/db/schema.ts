// The database as the app code sees it. Timestamps are ISO-8601 strings and booleans are booleans
// on both SQLite and PostgreSQL (see portable-values.plugin.ts); ids are text.
import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';
import type {
  AssignmentMethod,
  AssignmentState,
  AutoAssignmentMode,
  DisputeReason,
  DisputeStatus,
  LedgerKind,
  LeadStatus,
  Role,
  SubscriptionTier,
  UserEventType,
} from '#shared/constants';

/** A timestamp column with a database default: optional on insert, always a string on read. */
type CreatedAt = ColumnType<string, string | undefined, string>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;
type Counter = ColumnType<number, number | undefined, number>;

export type UsersTable = {
  id: string;
  name: string;
  email: string;
  email_verified: Flag;
  image: string | null;
  role: ColumnType<Role, Role | undefined, Role>;
  login_count: Counter;
  ai_renderings_count: Counter;
  total_time_on_site_ms: Counter;
  last_login_at: string | null;
  /** The service-area ZIP this user last confirmed at the ZIP gate. */
  approved_zip: string | null;
  /** Time on site is credited up to this moment; a batch never adds more than the clock has moved since. */
  time_credited_at: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type SessionsTable = {
  id: string;
  user_id: string;
  token: string;
  expires_at: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type AccountsTable = {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: string | null;
  refresh_token_expires_at: string | null;
  scope: string | null;
  password: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type VerificationsTable = {
  id: string;
  identifier: string;
  value: string;
  expires_at: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type UserEventsTable = {
  id: string;
  user_id: string | null;
  event_type: UserEventType;
  /** JSON text, shaped per event type as seed 000 §3 lists. */
  metadata: string;
  created_at: CreatedAt;
};

export type ServiceAreaZipsTable = {
  zip: string;
  town: string;
  active: Flag;
  created_at: CreatedAt;
};

export type UploadsTable = {
  id: string;
  user_id: string | null;
  /** Storage key of the normalised image (JPEG, at most 1920 px on the longest side). */
  storage_key: string;
  /** Storage key of the email copy (JPEG, at most 1000×1000). */
  email_copy_key: string;
  original_filename: string | null;
  original_format: string;
  original_size: number;
  processed_size: number;
  original_width: number;
  original_height: number;
  width: number;
  height: number;
  created_at: CreatedAt;
};

export type RenderStatus = 'queued' | 'running' | 'succeeded' | 'failed';

import type { FallbackReason } from '#shared/render-credit';
import type { ScoreRecalculation } from '#shared/back-office.schema';
export type { FallbackReason };

export type RendersTable = {
  id: string;
  user_id: string | null;
  upload_id: string;
  room_type: string;
  style_id: string | null;
  style_name: string | null;
  style_prompt: string | null;
  custom_prompt: string | null;
  engine: string;
  seed: number;
  status: ColumnType<RenderStatus, RenderStatus | undefined, RenderStatus>;
  progress: Counter;
  phase: string | null;
  error: string | null;
  result_key: string | null;
  preview_key: string | null;
  /** Set when the email step releases the full-resolution result to the homeowner. */
  released_at: string | null;
  processing_time_ms: number | null;
  /** The full prompt an AI provider gets (room type, style prompt or custom text). */
  prompt: string | null;
  /** The provider that produced the result, e.g. 'offline-preview' or 'replicate'. */
  provider: string | null;
  /** The model that produced it (ai-models.ts key), e.g. 'replicate:google/nano-banana-2' or 'offline-preview'. */
  model: string | null;
  /** The provider the engine was bound to when it ran (whom the attempt went to, even if it fell back). */
  bound_provider: string | null;
  /** Why the offline preview stood in, when `fallback`: the provider failed, or the daily AI budget was reached. */
  fallback_reason: FallbackReason | null;
  /** The estimated charge for it in USD (0 for the offline preview). */
  cost_usd: ColumnType<number, number | undefined, number>;
  /** True when the chosen provider failed and the offline preview stands in. */
  fallback: Flag;
  /** The provider's id for the remote job (a Replicate prediction), saved before waiting so a retry resumes it. */
  provider_job_id: string | null;
  /** The design request it belongs to: the first render's id (its own id for the first render). */
  design_id: string | null;
  kind: ColumnType<RenderKind, RenderKind | undefined, RenderKind>;
  /** A refinement's instruction in the homeowner's words ("paint the walls sage green"). */
  refinement: string | null;
  /** The result a refinement edited. */
  source_render_id: string | null;
  /** On the first render: the result the homeowner picked (null: the first render itself). */
  picked_render_id: string | null;
  /** What the engine says about this result, e.g. the words the offline preview understood. */
  note: string | null;
  started_at: string | null;
  completed_at: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type RenderKind = 'original' | 'variation' | 'refinement';

export type LeadsTable = {
  id: string;
  user_id: string | null;
  render_id: string | null;
  /** The client's designRequestId; makes a retried email step update the same lead. */
  design_request_id: string | null;
  name: string | null;
  email: string;
  phone: string | null;
  zip: string;
  room_type: string | null;
  style: string | null;
  wants_quote: Flag;
  subscribe: Flag;
  status: ColumnType<LeadStatus, LeadStatus | undefined, LeadStatus>;
  render_count: Counter;
  social_engaged: Flag;
  is_repeat_visitor: Flag;
  probability_to_close_score: Counter;
  intent_score: Counter;
  lead_quality_score: Counter;
  engagement_score: Counter;
  lead_score: Counter;
  image_url: string | null;
  ai_url: string | null;
  assigned_contractor_id: string | null;
  share_in_feed: Flag;
  /** The homeowner has confirmed this email address (the link in our confirmation mail). */
  email_confirmed: Flag;
  /** The design email waits for that confirmation; it is queued when the link is opened. */
  design_email_pending: Flag;
  hidden_from_feed: Flag;
  project_type: string | null;
  timeline: string | null;
  budget: string | null;
  contact_method: string | null;
  notes: string | null;
  quote_requested_at: string | null;
  /** The homeowner's consent to be contacted by contractors (the quote form): which text, when, from where. */
  consent_version: string | null;
  consent_text: string | null;
  consent_at: string | null;
  consent_ip: string | null;
  consent_user_agent: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type LeadStatusChangesTable = {
  id: string;
  lead_id: string;
  from_status: LeadStatus | null;
  to_status: LeadStatus;
  changed_by_user_id: string | null;
  note: string | null;
  created_at: CreatedAt;
};

export type ContractorsTable = {
  id: string;
  /** The login this contractor record belongs to, when the contractor has an account. */
  user_id: string | null;
  name: string;
  email: string;
  subscription_tier: ColumnType<SubscriptionTier, SubscriptionTier | undefined, SubscriptionTier>;
  is_active_subscriber: Flag;
  serves_all_zipcodes: Flag;
  leads_received_count: Counter;
  leads_converted_count: Counter;
  conversion_rate: Counter;
  price_per_lead: Counter;
  monthly_subscription_fee: Counter;
  /** The price of a lead sold to this contractor alone; null means twice price_per_lead. */
  exclusive_price: number | null;
  /** At most this many leads per Massachusetts calendar month; null for no cap. */
  monthly_lead_cap: number | null;
  /** At most this much spent on leads per month, in dollars; null for no cap. */
  monthly_spend_cap: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type ContractorZipCodesTable = {
  contractor_id: string;
  zip: string;
};

export type AssignmentsTable = {
  id: string;
  lead_id: string;
  contractor_id: string;
  assignment_method: AssignmentMethod;
  assigned_by_user_id: string | null;
  assigned_at: CreatedAt;
  email_sent: Flag;
  email_sent_at: string | null;
  email_opened: Flag;
  email_opened_at: string | null;
  email_clicked: Flag;
  email_clicked_at: string | null;
  contractor_responded: Flag;
  responded_at: string | null;
  response_time_hours: number | null;
  /** Sold to this contractor alone. */
  exclusive: Flag;
  /** What the lead cost the contractor when it was assigned (the ledger's charge). */
  price_cents: Counter;
  /** Marked contacted by then, or the assignment is overdue. */
  respond_by: string | null;
  state: ColumnType<AssignmentState, AssignmentState | undefined, AssignmentState>;
  /** The outbox row of the new-lead email: its status is the assignment's email status. */
  notification_mail_id: string | null;
};

export type LeadDisputesTable = {
  id: string;
  assignment_id: string;
  lead_id: string;
  contractor_id: string;
  reason: DisputeReason;
  details: string | null;
  status: ColumnType<DisputeStatus, DisputeStatus | undefined, DisputeStatus>;
  admin_note: string | null;
  decided_by_user_id: string | null;
  decided_at: string | null;
  created_at: CreatedAt;
};

/** Append-only: entries are inserted, never changed or deleted (a mistake is put right by a new entry). */
export type LedgerEntriesTable = {
  id: string;
  contractor_id: string;
  /** One entry per fact, so a retried step never writes it twice. */
  entry_key: string;
  kind: LedgerKind;
  amount_cents: number;
  description: string;
  lead_id: string | null;
  assignment_id: string | null;
  dispute_id: string | null;
  /** YYYY-MM, the Massachusetts month the entry belongs to. */
  period: string;
  created_at: CreatedAt;
};

export type FeedbackTable = {
  id: string;
  lead_id: string | null;
  user_id: string | null;
  rating: number;
  comment: string | null;
  source: string | null;
  page_location: string | null;
  created_at: CreatedAt;
  /** When a second rating from the same email link replaced the first (one rating per lead). */
  updated_at: string | null;
  /** "May we quote you on our site?": the homeowner said yes (first name and town only). */
  quote_consent: Flag;
  quote_name: string | null;
  /** An admin approved the quote for the town pages; null until then (and after a withdrawal). */
  quote_approved_at: string | null;
};

export type FeedLikesTable = {
  lead_id: string;
  user_id: string;
  created_at: CreatedAt;
};

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

export type MailOutboxTable = {
  id: string;
  /** What the mail is for (homeowner-design, contractor-lead, …), for logs and the admin view. */
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  /** JSON text: [{ filename, storageKey, contentType }]. */
  attachments: string;
  lead_id: string | null;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  attempts: Counter;
  next_attempt_at: CreatedAt;
  last_error: string | null;
  sent_at: string | null;
  /** While a sender works on the message; past it, the message is taken as abandoned. */
  locked_until: string | null;
  /** Set when the message is first built, reused on every retry. */
  message_id: string | null;
  created_at: CreatedAt;
};

export type NewsletterSubscribersTable = {
  id: string;
  email: string;
  status: ColumnType<
    'pending' | 'confirmed' | 'unsubscribed',
    'pending' | 'confirmed' | 'unsubscribed' | undefined,
    'pending' | 'confirmed' | 'unsubscribed'
  >;
  /** Sent in the double opt-in email (mail work); confirming sets confirmed_at. */
  confirm_token: string;
  confirmed_at: string | null;
  created_at: CreatedAt;
};

export type ContractorApplicationsTable = {
  id: string;
  name: string;
  company: string;
  email: string;
  phone: string | null;
  trade: string;
  service_area: string;
  message: string | null;
  status: ColumnType<'new' | 'reviewed' | 'approved' | 'rejected', 'new' | undefined, 'new' | 'reviewed' | 'approved' | 'rejected'>;
  user_id: string | null;
  created_at: CreatedAt;
};

export type ContactMessagesTable = {
  id: string;
  name: string;
  email: string;
  message: string;
  user_id: string | null;
  handled_at: string | null;
  created_at: CreatedAt;
};

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export type JobsTable = {
  id: string;
  queue: string;
  /** JSON text, the job's input. */
  payload: string;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: Counter;
  max_attempts: Counter;
  run_after: CreatedAt;
  locked_by: string | null;
  /** The worker's lease: past this time a running job is taken as abandoned. */
  locked_until: string | null;
  last_error: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type UploadLinksTable = {
  id: string;
  /** SHA-256 of the token in the QR code; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  upload_id: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: CreatedAt;
};

export type AnalyticsEventsTable = {
  id: string;
  /** 'email_submit', 'quote_request', … */
  name: string;
  user_id: string | null;
  lead_id: string | null;
  /** JSON text. */
  properties: string;
  created_at: CreatedAt;
};

export type FeedCommentsTable = {
  id: string;
  lead_id: string;
  user_id: string | null;
  /** First name and last initial, fixed when the comment is written. */
  author_name: string;
  body: string;
  removed_at: string | null;
  removed_by_user_id: string | null;
  created_at: CreatedAt;
};

/** One fit of the close-probability model; the newest row is the one in use. */
export type ScoringModelsTable = {
  id: string;
  converted_count: number;
  dead_count: number;
  /** JSON: { intercept, weights: { engagement, intent, quality } } on scores scaled to 0–1. */
  weights: string;
  l2: number;
  log_loss: number;
  accuracy: number;
  created_at: CreatedAt;
};

/** One 'Recalculate Scores' request, run in the background (modules/scoring/score-recalculation-runs.ts). */
export type ScoreRecalculationsTable = {
  id: string;
  status: ColumnType<RecalculationStatus, RecalculationStatus | undefined, RecalculationStatus>;
  /** 'recalculation' while queued or running, null after; unique, so only one runs at a time. */
  active_slot: string | null;
  requested_by: string | null;
  requested_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** Leads when the run started, leads scored so far, and those whose scores moved. */
  total: Counter;
  scored: Counter;
  updated: Counter;
  /** 'prior' or 'fitted': the close model the run scored with. */
  model: string | null;
  /** The last lead id written: a resumed run carries on after it. */
  cursor: string | null;
  /** The running instance's lease: past it, another instance resumes the run. */
  locked_until: string | null;
  error: string | null;
};

type RecalculationStatus = ScoreRecalculation['status'];

export type Database = {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  user_events: UserEventsTable;
  service_area_zips: ServiceAreaZipsTable;
  uploads: UploadsTable;
  renders: RendersTable;
  leads: LeadsTable;
  lead_status_changes: LeadStatusChangesTable;
  contractors: ContractorsTable;
  contractor_zip_codes: ContractorZipCodesTable;
  assignments: AssignmentsTable;
  feedback: FeedbackTable;
  feed_likes: FeedLikesTable;
  mail_outbox: MailOutboxTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  contractor_applications: ContractorApplicationsTable;
  contact_messages: ContactMessagesTable;
  jobs: JobsTable;
  upload_links: UploadLinksTable;
  analytics_events: AnalyticsEventsTable;
  feed_comments: FeedCommentsTable;
  assignment_settings: AssignmentSettingsTable;
  contractor_invitations: ContractorInvitationsTable;
  scoring_models: ScoringModelsTable;
  lead_insights: LeadInsightsTable;
  mail_suppressions: MailSuppressionsTable;
  lead_disputes: LeadDisputesTable;
  ledger_entries: LedgerEntriesTable;
  score_recalculations: ScoreRecalculationsTable;
};

/** An address that gets no more mail (a deleted account's), kept only as SHA-256 of the lower-cased address. */
export type MailSuppressionsTable = {
  address_hash: string;
  reason: string;
  created_at: CreatedAt;
};

/**
 * Columns that hold booleans. SQLite stores them as 0/1; the portable-values plugin turns them back
 * into booleans on read. Add every new boolean column here.
 */
export const BOOLEAN_COLUMNS = new Set<string>([
  'email_verified',
  'quote_consent',
  'active',
  'wants_quote',
  'subscribe',
  'social_engaged',
  'is_repeat_visitor',
  'share_in_feed',
  'email_confirmed',
  'design_email_pending',
  'hidden_from_feed',
  'is_active_subscriber',
  'serves_all_zipcodes',
  'email_sent',
  'email_opened',
  'email_clicked',
  'contractor_responded',
  'fallback',
  'exclusive',
  'auto_reassign',
]);

export type User = Selectable<UsersTable>;
export type NewUserEvent = Insertable<UserEventsTable>;
export type Lead = Selectable<LeadsTable>;
export type LeadUpdate = Updateable<LeadsTable>;
export type Contractor = Selectable<ContractorsTable>;

export type AutoAssignment = AutoAssignmentMode;

/** One row (id 1): the auto-assignment mode and the round-robin rotation that every assignment locks first. */
export type AssignmentSettingsTable = {
  id: number;
  auto_assignment: ColumnType<AutoAssignment, AutoAssignment | undefined, AutoAssignment>;
  /** The contractor who had the last round-robin turn; the next turn goes to the next eligible id after it. */
  round_robin_last_contractor_id: string | null;
  /** How many round-robin turns have been given, for the status history. */
  round_robin_turn: Counter;
  /** A shared lead goes to at most this many contractors. */
  max_contractors_per_lead: Counter;
  /** Hours a contractor has to mark an assigned lead contacted. */
  response_deadline_hours: Counter;
  /** An overdue assignment's lead goes to the next eligible contractor, and the late one is credited. */
  auto_reassign: Flag;
  /** The community design (a lead shared in the feed) the home page's hero shows; null: the shipped example. */
  hero_lead_id: string | null;
  updated_at: CreatedAt;
};

export type ContractorInvitationsTable = {
  id: string;
  contractor_id: string;
  application_id: string | null;
  /** SHA-256 of the token in the emailed link; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  accepted_user_id: string | null;
  created_by_user_id: string | null;
  created_at: CreatedAt;
};

export type LeadInsightsTable = {
  id: string;
  lead_id: string;
  author_user_id: string | null;
  /** The author's name when the note was written. */
  author_name: string;
  author_role: Role;
  body: string;
  created_at: CreatedAt;
};
