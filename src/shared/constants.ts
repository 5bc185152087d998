// The product's option lists, limits and timers, exactly as the two seeds name them.
// Client, server and tests import these; nothing else spells them out again.

export const ROLES = ['homeowner', 'contractor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROOM_TYPES = [
  { key: 'kitchen', label: 'Kitchen' },
  { key: 'bathroom', label: 'Bathroom' },
  { key: 'living_room', label: 'Living Room' },
  { key: 'bedroom', label: 'Bedroom' },
  { key: 'dining_room', label: 'Dining Room' },
  { key: 'home_office', label: 'Home Office' },
  { key: 'other', label: 'Other Interior Space' },
  // Not one of the seed's seven: its copy and quote project types name backyards, and its outdoor presets fit them.
  { key: 'backyard', label: 'Backyard' },
] as const;
export type RoomType = (typeof ROOM_TYPES)[number]['key'];
export const ROOM_TYPE_KEYS = ROOM_TYPES.map((room) => room.key) as [RoomType, ...RoomType[]];
/** The seed's label of a stored room type ('living_room' → 'Living Room'); a value it does not know is shown as it is. */
/** The room type's label ('living_room' → 'Living Room'); an unknown or missing one gives the fallback (the key itself by default). */
export const roomTypeLabel = (roomType: string | null | undefined, fallback: string = roomType ?? ''): string =>
  ROOM_TYPES.find((room) => room.key === roomType)?.label ?? fallback;

export const AI_ENGINES = [
  {
    id: 'structural-design-ai',
    name: 'StructuralDesign AI',
    summary: 'Layout-preserving, fast',
    endpoint: '/api/generate-stable-diffusion',
  },
  {
    id: 'architectural-vision-engine',
    name: 'Architectural Vision Engine',
    summary: 'Premium materials, luxury finishes',
    endpoint: '/api/generate-architectural-vision',
  },
] as const;
export type AiEngineId = (typeof AI_ENGINES)[number]['id'];
export const DEFAULT_AI_ENGINE: AiEngineId = 'structural-design-ai';
export const AI_ENGINE_IDS = AI_ENGINES.map((engine) => engine.id) as [AiEngineId, ...AiEngineId[]];

/** Kitchen photos get the kitchen presets; every other room type gets the outdoor presets (seed 000 §3). */
export const KITCHEN_STYLE_IDS = ['modern-minimalist', 'farmhouse-chic', 'contemporary-luxe', 'industrial-loft', 'transitional'] as const;
export const OUTDOOR_STYLE_IDS = [
  'modern-zen',
  'mediterranean-oasis',
  'contemporary-outdoor',
  'cottage-garden',
  'tropical-paradise',
  'rustic-farmhouse',
] as const;
export type StyleId = (typeof KITCHEN_STYLE_IDS)[number] | (typeof OUTDOOR_STYLE_IDS)[number];

export function styleIdsForRoom(roomType: RoomType): readonly StyleId[] {
  return roomType === 'kitchen' ? KITCHEN_STYLE_IDS : OUTDOOR_STYLE_IDS;
}

export const QUOTE_PROJECT_TYPES = ['Kitchen', 'Backyard', 'Bathroom', 'Living Room', 'Bedroom', 'Other'] as const;
export const QUOTE_TIMELINES = ['Ready now', '1-3 months', '3-6 months', 'Just browsing'] as const;
export const QUOTE_BUDGETS = ['Under $10k', '$10k - $25k', '$25k - $50k', '$50k+'] as const;
export const CONTACT_METHODS = ['email', 'phone'] as const;

export const RATING_CAPTIONS: Record<1 | 2 | 3 | 4 | 5, string> = {
  5: 'Excellent!',
  4: 'Great!',
  3: 'Good',
  2: 'Could be better',
  1: 'Not satisfied',
};

export const FEED_FILTERS = [
  'all',
  'kitchen',
  'backyard',
  'modern minimalist',
  'farmhouse chic',
  'transitional',
  'coastal new england',
  'contemporary luxe',
  'eclectic bohemian',
  'modern zen',
  'mediterranean oasis',
] as const;

export const USER_EVENT_TYPES = ['login', 'ai_render', 'time_spent', 'view', 'email_submit'] as const;
export type UserEventType = (typeof USER_EVENT_TYPES)[number];

export const LEAD_STATUSES = ['new', 'assigned', 'contacted', 'quoted', 'converted', 'dead', 'unqualified'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const ASSIGNMENT_METHODS = ['manual', 'round-robin', 'next-in-line'] as const;
export type AssignmentMethod = (typeof ASSIGNMENT_METHODS)[number];

/** The Settings tab's automatic assignment of quote requests: off, or one of the two automatic methods. */
export const AUTO_ASSIGNMENT_MODES = ['off', 'round-robin', 'next-in-line'] as const satisfies readonly ('off' | AssignmentMethod)[];
export type AutoAssignmentMode = (typeof AUTO_ASSIGNMENT_MODES)[number];

export const SUBSCRIPTION_TIERS = ['basic', 'premium', 'enterprise'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const CONTRACTOR_DEFAULTS = {
  pricePerLead: 25,
  monthlySubscriptionFee: 99,
  subscriptionTier: 'basic' as SubscriptionTier,
  isActiveSubscriber: false,
};

/** The lead business's rules (docs/lead-business.md): the settings' defaults and the fixed limits. */
export const LEAD_BUSINESS = {
  /** A shared lead goes to at most this many contractors unless the Settings tab says otherwise. */
  defaultMaxContractorsPerLead: 4,
  maxContractorsPerLeadLimit: 10,
  /** Hours to mark an assigned lead contacted: the seed's promise that a contractor calls within 24 hours. */
  defaultResponseDeadlineHours: 24,
  /** An exclusive lead costs this many times the contractor's lead price unless they have their own exclusive price. */
  exclusivePriceFactor: 2,
  /** A contractor may dispute a lead this many days after it was assigned to them. */
  disputeWindowDays: 14,
} as const;

/** The consent mark of a test lead an admin inserts from the System status tab: free to assign, and deletable there. */
export const TEST_LEAD_CONSENT_VERSION = 'admin-test-lead';

/** A deleted account's leads keep their row with the address replaced by one at this domain. */
export const ANONYMISED_EMAIL_DOMAIN = 'anonymised.invalid';
export const isAnonymisedEmail = (email: string) => email.endsWith(`@${ANONYMISED_EMAIL_DOMAIN}`);

/** An assignment is active, or expired: its deadline passed and the lead went to the next contractor. */
export const ASSIGNMENT_STATES = ['active', 'expired'] as const;
export type AssignmentState = (typeof ASSIGNMENT_STATES)[number];

/** A notification email: queued (not yet accepted by the mail server), sent, or failed (the outbox gave up). */
export const EMAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** Why a contractor disputes a lead (the reasons Angi credits on request). */
export const DISPUTE_REASONS = ['duplicate', 'wrong-zip', 'wrong-project', 'bad-contact', 'not-homeowner'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  duplicate: 'Duplicate lead',
  'wrong-zip': 'Wrong ZIP code',
  'wrong-project': 'Wrong project',
  'bad-contact': 'Bad contact details',
  'not-homeowner': 'Not the homeowner',
};
export const DISPUTE_STATUSES = ['open', 'approved', 'denied'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** What a ledger entry records: a lead's charge, a month's subscription fee, or a credit. */
export const LEDGER_KINDS = ['lead-charge', 'subscription-fee', 'dispute-credit', 'late-credit'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const DATE_RANGE_PRESETS = ['all', '7d', '30d', '90d'] as const;

export const LIMITS = {
  zipLength: 5,
  passwordMinLength: 6,
  uploadMaxBytes: 5 * 1024 * 1024,
  uploadMaxEdgePx: 1920,
  uploadJpegQuality: 0.85,
  emailImageMaxPx: 1000,
  emailImageJpegQuality: 0.8,
  feedbackCommentMaxLength: 1000,
  feedFetchCount: 20,
  feedPageSize: 8,
  renderSeedBelow: 1_000_000,
  timeSpentMinMs: 10_000,
  /** One page visit's time on site is at most 12 hours (a tab left open overnight counts no further). */
  timeSpentMaxMs: 12 * 3600 * 1000,
  nameMaxLength: 100,
  emailMaxLength: 254,
} as const;

export const UPLOAD_ACCEPTED_TYPES = ['jpeg', 'jpg', 'png', 'webp', 'heic', 'heif'] as const;

/** Every timer of both seeds, in milliseconds. */
export const TIMERS_MS = {
  zipCheck: 1000,
  quoteSubmit: 2000,
  emailSuccess: 3000,
  quoteSuccess: 3000,
  quoteModalAfterEmail: 1000,
  emailModalAfterCompletion: 500,
  feedbackRedirect: 3000,
  renderCompletionCallback: 1500,
  renderErrorClose: 3000,
  elapsedTick: 1000,
  adminModalSuccess: 2000,
  assignDialogClose: 2000,
} as const;

/** Priority bands on close probability or lead score (seed 001 §9). */
export const PRIORITY_BANDS = { high: 70, medium: 50 } as const;
export const HIGH_VALUE_LEAD_SCORE = 50;
export const RECENT_LEAD_DAYS = 7;

/** Dossier overall score weights and bands (seed 001 §5). */
export const DOSSIER_WEIGHTS = { engagement: 0.2, intent: 0.4, quality: 0.2, close: 0.2 } as const;
export const SCORE_BANDS = { excellent: 80, good: 60, fair: 40 } as const;
/**
 * When the close-probability model is refitted from outcomes (docs/lead-scoring.md): at least
 * minSamples converted-or-dead leads with minPerOutcome of each; l2 is the penalty on the weights.
 */
export const LEAD_SCORING_FIT = { minSamples: 30, minPerOutcome: 5, l2: 1 } as const;

/**
 * The seed's marketing claims, each with the count that makes it true: homeowners signed up and designs rendered. The
 * site shows them only once the database bears both out (decision 069); until then it says nothing of numbers.
 */
export const MARKETING_CLAIMS = {
  homeowners: { text: '1,000+', atLeast: 1_000 },
  transformations: { text: '10,000', atLeast: 10_000 },
} as const;
export type MarketingClaims = { homeowners: string; transformations: string };

/** The claims to show for these counts: both once both are true, otherwise none (a claim is not made half true). */
export function claimsBorneOut(counts: { homeowners: number; transformations: number }): MarketingClaims | null {
  const { homeowners, transformations } = MARKETING_CLAIMS;
  if (counts.homeowners < homeowners.atLeast || counts.transformations < transformations.atLeast) return null;
  return { homeowners: homeowners.text, transformations: transformations.text };
}
