// Every user-facing message of the seeds' error catalogues and validation rules, word for word.
// Templated messages are functions so the wording still lives only here.
import { INSIGHT_MAX_LENGTH } from './lead-dossier';

/** Homeowner side (seed 000 §5 and §8). */
export const HOMEOWNER_MESSAGES = {
  zipNotApproved: 'Sorry! This service is currently only available to MetroWest MA homeowners.',
  fileTooLarge: 'Image file is too large. Please choose an image smaller than 5MB or try taking a new photo with lower resolution.',
  invalidFormat: 'Invalid image format. Please use JPEG, PNG, WebP, or HEIC images.',
  loadFailed: 'Failed to load image. The file may be corrupted. Please try a different image.',
  processingFailed: 'Image processing failed. Please try a different image or contact support.',
  uploadUnexpected: 'An unexpected error occurred while processing your image. Please try again.',
  premiumRenderingFailed: 'Premium rendering failed',
  premiumRenderingFailedStatus: (status: number) => `Premium rendering failed: ${status}`,
  emailFailed: (message: string) => `Email failed: ${message}`,
  emailApiFailedStatus: (status: number) => `Email API failed with status ${status}`,
  failedToSendEmail: (detail: string) => `Failed to send email: ${detail}`,
  authServiceUnavailable: 'Authentication service is not available',
  authGenericError: 'An error occurred',
  authSessionMissing: 'Auth session missing!',
  passwordTooShort: 'Password must be at least 6 characters long',
  feedLoadFailed: 'Failed to load renovations',
  feedEmptyInArea: 'No renovations found in your area yet. Be the first to share your transformation!',
  feedEmpty: 'No renovations found. Try adjusting your filters or be the first to share your transformation!',
  feedQuoteNeedsZip: 'Please complete the ZIP code verification first to request a quote.',
  feedbackRatingRequired: 'Please select a rating',
  feedbackFailed: 'Failed to submit feedback',
  feedbackFailedRetry: 'Failed to submit feedback. Please try again.',
} as const;

/** Upload error codes of seed 000 §8, each with its message. */
export const UPLOAD_ERRORS = {
  FILE_TOO_LARGE: HOMEOWNER_MESSAGES.fileTooLarge,
  INVALID_FORMAT: HOMEOWNER_MESSAGES.invalidFormat,
  LOAD_FAILED: HOMEOWNER_MESSAGES.loadFailed,
  PROCESSING_FAILED: HOMEOWNER_MESSAGES.processingFailed,
  UNEXPECTED: HOMEOWNER_MESSAGES.uploadUnexpected,
} as const;
export type UploadErrorCode = keyof typeof UPLOAD_ERRORS;

/** Back office (seed 001 §2, §5, §6 and §8). */
export const BACK_OFFICE_MESSAGES = {
  notConfigured: 'Supabase not configured.',
  notConfiguredAdmin: 'Supabase not configured. Admin features are unavailable.',
  authenticationRequired: 'Authentication required.',
  userNotAuthenticated: 'User not authenticated.',
  accessDeniedSignIn: 'Access Denied: Please sign in to view this page.',
  accessDeniedNotAdmin: 'Access Denied: You must be an administrator to view this page.',
  noAdminPrivileges: 'You do not have administrator privileges to view this page.',
  authUnexpected: 'An unexpected error occurred during authentication.',
  selectContractor: 'Please select at least one contractor.',
  assignFailed: 'Failed to assign lead.',
  assignFailedShort: 'Failed to assign lead',
  assignUnexpected: 'An unexpected error occurred during assignment.',
  fetchTabFailed: (tab: string) => `Failed to fetch data for ${tab}.`,
  contractorLeadsFailed: 'Failed to fetch contractor leads',
  contractorDashboardFailed: 'Failed to load contractor dashboard',
  contractorLoginRequired: 'Please log in to access contractor dashboard',
  noDataAvailable: 'No data available',
  addContractorFailed: 'Failed to add contractor.',
  updateContractorFailed: 'Failed to update contractor.',
  fetchContractorsFailed: 'Failed to fetch contractors.',
  updateLeadStatusFailed: 'Failed to update lead status',
  fetchAssignmentsFailed: 'Failed to fetch assignments',
  noEligibleContractors: 'No eligible contractors found for this ZIP code.',
  noEligibleContractorsForZip: (zip: string) => `No eligible contractors found for ZIP code ${zip}`,
  eligibleContractorsHint: 'Contractors must be active subscribers and serve this area',
  contractorIdMissing: 'Contractor ID is missing.',
  cannotDeleteOwnAccount: 'Cannot delete your own account',
  confirmRoleChange: (role: string) => `Are you sure you want to change the role of this user to ${role}?`,
  confirmDeleteUser: 'Are you sure you want to delete this user? This action cannot be undone.',
  confirmRecalculate: 'Are you sure you want to recalculate all lead scores? This may take some time.',
  recalculated: 'Lead scores recalculated successfully!',
  noLeads: 'No leads found.',
  noUsers: 'No users found.',
  noContractors: 'No contractors found.',
  noAssignments: 'No assignments found.',
  noFeedback: 'No feedback received yet.',
  noContractorNotes: 'No contractor notes yet',
  contractorNotesHint: "Add insights about this lead's preferences and requirements",
} as const;

/** Back-office labels the seed does not give: the product's own, beside the seed's. */
export const BACK_OFFICE_LABELS = {
  contractorRoleLinks: 'They will be linked to the contractor record with their confirmed email, or a new inactive record is created.',
  accountDeleted: 'Account deleted',
  // Whether the homeowner opened the link in our confirmation email (the address is real and theirs).
  emailConfirmed: 'Email confirmed',
  emailNotConfirmed: 'Email not confirmed',
  // Success toasts of the back office (the seed shows none for these).
  roleChanged: (role: string) => `Role changed to ${role}.`,
  userDeleted: 'User deleted.',
  recalculationStarted: 'Recalculating lead scores in the background.',
  recalculationFailed: 'The recalculation stopped with an error. Please try again.',
} as const;

/** Messages the seeds do not give but the product needs; kept here so there is still one place. */
export const PRODUCT_MESSAGES = {
  notFound: 'Not found',
  forbidden: 'You do not have permission to do that.',
  invalidRequest: 'Invalid request.',
  internalError: 'Something went wrong on our side. Please try again.',
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  zipFormat: 'Please enter a 5-digit ZIP code',
  newsletterThanks: 'Thanks! Check your inbox to confirm your subscription.',
  newsletterAlready: 'You are already subscribed. Thank you!',
  contractorApplicationThanks: "Thanks for applying! We'll review your application and get back to you within a few business days.",
  contactThanks: "Thanks for your message! We'll reply within one business day.",
  fieldRequired: (field: string) => `${field} is required`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  ratingRange: 'Rating must be a whole number from 1 to 5',
  crossSiteRefused: 'This request came from another site and was refused.',
  rateLimited: (what: string, after: string) => `Too many ${what}. Please try again in ${after}.`,
  nonCanonicalPath: 'This address is not written the usual way. Please use the plain link.',
  repeatedQueryParameter: (name: string) => `The query parameter '${name}' may appear only once.`,
  nulCharacter: 'Text may not contain NUL characters.',
  styleNotForRoom: 'This design style is not offered for that room type. Please choose one of the styles shown for your room.',
  zipFirst: 'Please confirm your ZIP code first.',
  profileImageOwnUploadOnly: 'A profile image must be a photo you uploaded here.',
  quoteNameNeeded: 'Please give the first name we may quote you under.',
  quoteCommentNeeded: 'Please write a few words we may quote.',
  quoteNotConsented: 'This homeowner did not agree to be quoted, so the feedback cannot go on the site.',
  feedbackNotFound: 'Feedback not found.',
} as const;

/** The phone side of 'QR Code Upload'. */
export const QR_UPLOAD_MESSAGES = {
  linkExpired: 'This upload link has expired. Scan a new code on your computer.',
  linkUsed: 'This upload link has already been used. Scan a new code on your computer to send another photo.',
  linkUnknown: 'This upload link is not valid. Scan the code on your computer again.',
  photoSent: 'Photo sent! Carry on with your design on your computer.',
} as const;

// Back-office texts the seed does not give (it shows the client side only): what the admin and
// contractor calls answer when they refuse something.
export const ADMIN_MESSAGES = {
  dateRangeConflict: 'Use either dateRange or startDate and endDate, not both.',
  dateInvalid: (field: string) => `${field} must be a date (YYYY-MM-DD) or an ISO date-time.`,
  dateOrder: 'startDate must be on or before endDate.',
  userNotFound: 'User not found.',
  cannotDemoteSelf: 'You cannot remove your own administrator role.',
  contractorNotFound: 'Contractor not found.',
  contractorEmailTaken: 'A contractor with this email already exists.',
  zipNotInServiceArea: (zips: string[]) =>
    `${zips.length === 1 ? 'ZIP code' : 'ZIP codes'} ${zips.join(', ')} ${zips.length === 1 ? 'is' : 'are'} not in the service area.`,
  leadNotFound: 'Lead not found.',
  contractorNotEligible: (name: string, zip: string) => `${name} is not an active subscriber serving ZIP code ${zip}.`,
  allEligibleAssigned: 'This lead is already assigned to every eligible contractor.',
  alreadyAssigned: (names: string) => `This lead is already assigned to ${names}.`,
  assigned: (names: string, method: string) => `Lead assigned to ${names} (${method}).`,
  noContractorRecord: 'Your account is not linked to a contractor record.',
  // The lead business (issue 21, docs/lead-business.md).
  noConsent: 'This lead cannot be assigned: the homeowner has not agreed to be contacted by contractors.',
  accountDeleted: 'This lead cannot be assigned: the homeowner deleted their account.',
  leadCapReached: (max: number, remaining: number) =>
    remaining <= 0
      ? `This lead already has ${max} contractors, the most one lead may go to.`
      : `A lead may go to at most ${max} contractors; only ${remaining} more can be added.`,
  soldExclusive: (name: string) => `This lead was sold exclusively to ${name}; it cannot go to anyone else.`,
  exclusiveNeedsOne: 'An exclusive lead goes to exactly one contractor.',
  everyEligibleAtCap: 'Every eligible contractor who does not have this lead is at a monthly cap.',
  exclusiveAlreadyShared: 'This lead already went to other contractors, so it can no longer be sold exclusively.',
  monthlyLeadCapReached: (cap: number) => `Monthly lead cap reached (${cap} ${cap === 1 ? 'lead' : 'leads'}).`,
  monthlySpendCapReached: (cap: number) => `Monthly spend cap of $${cap.toLocaleString('en-US')} would be exceeded.`,
  notEligibleBecause: (name: string, reason: string) => `${name} cannot take this lead: ${reason}`,
  disputeWindowClosed: (days: number) => `A lead can be disputed within ${days} days of its assignment.`,
  disputeExists: 'This lead has already been disputed.',
  disputeNotFound: 'Dispute not found.',
  disputeDecided: (status: string) => `This dispute has already been ${status}.`,
  disputeOpened: 'Your dispute was sent. We will answer within two business days.',
  disputeApproved: (amount: string) => `Dispute approved: ${amount} credited.`,
  disputeDenied: 'Dispute denied.',
  notificationResent: 'The notification email was queued again.',
  assignmentNotFound: 'Assignment not found.',
  testLeadNotFound: 'No test lead with this id (only test leads made here can be deleted here).',
  contractorAlreadyLinked: (name: string) => `Already linked to the contractor record ${name}.`,
  contractorRecordCreated: 'A contractor record was created for this user (not an active subscriber yet: edit it on the Contractors tab).',
  contractorRecordLinked: (name: string) => `Linked to the contractor record ${name}, which has the same confirmed email.`,
  contractorRecordNotLinked: (name: string) =>
    `The contractor record ${name} has this email but was not linked: the user has not confirmed the address, or the record belongs to another login.`,
  periodInvalid: 'month must be YYYY-MM',
  contractorStatusNotAllowed: 'Contractors can set a lead to contacted, quoted, converted or dead only.',
  applicationNotFound: 'Application not found.',
  applicationDecided: (status: string) => `This application has already been ${status}.`,
  invitationInvalid: 'This invitation link is not valid.',
  invitationUsed: 'This invitation has already been used. Sign in with your email and password.',
  invitationExpired: 'This invitation has expired. Please ask us for a new one.',
  invitationLinkedElsewhere: 'This contractor record is already linked to another account.',
  zipNotFound: 'That ZIP code is not in the service area list.',
  feedbackTableReady: 'The feedback table already exists: the database migrations create it.',
  noImageProvider: 'No image provider is configured. Renders use the built-in offline preview engine.',
} as const;

// The product's own texts for the email step and the quote request (seed 000 §5, §7 give none).
export const EMAIL_STEP_MESSAGES = {
  consentChanged: 'The consent text has changed since you opened this form. Please read it again and tick the box.',
  sent: 'Email sent! Check your inbox for your full-resolution before and after images.',
  quoteSent: 'Thanks! Local contractors will contact you within 24 hours.',
  phoneNeeded: 'Please enter a phone number so contractors can call you, or choose email.',
  accountEmailOnly: 'Designs are sent to the email address of your account.',
  tooLarge: 'Your design is too large to send this way. Please try again from the design page.',
  confirmAddressFirst: (email: string) =>
    `Almost there! We sent a confirmation link to ${email}. Open it and your full-resolution before and after images follow straight away.`,
} as const;

/** The dossier's own texts (the seed names none for these actions). */
export const DOSSIER_MESSAGES = {
  insightRequired: 'Please write a note.',
  insightTooLong: `A note can be at most ${INSIGHT_MAX_LENGTH} characters.`,
  noAssignedContractor: 'This lead has no assigned contractor yet. Assign a partner first.',
  dossierQueued: (count: number) => `Dossier queued for ${count} contractor${count === 1 ? '' : 's'}.`,
} as const;

// The homeowner's account page: downloading their data and deleting the account.
export const ACCOUNT_MESSAGES = {
  confirmEmailRequired: 'Type your account email to confirm.',
  confirmEmailMismatch: 'The email you typed is not your account email.',
  deleted: 'Your account has been deleted.',
  deleteFailed: 'Your account could not be deleted. Please try again.',
  exportFailed: 'Your data could not be downloaded. Please try again.',
  confirmationResent: (email: string) => `A new confirmation link is on its way to ${email}. It works for 3 days.`,
  confirmationWait: (minutes: number) =>
    `A confirmation link went out a moment ago. Check your inbox and spam folder, or ask again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  alreadyConfirmed: 'Your email address is already confirmed.',
  resetRequested: 'If an account uses that address, a link to set a new password is on its way. It works for one hour.',
  resetLinkInvalid: 'This link has expired or was already used. Ask for a new one below.',
  passwordReset: 'Your password has been changed and every device was signed out. Sign in with your new password.',
  passwordChanged: 'Your password has been changed.',
  passwordsDiffer: 'The two passwords are not the same.',
  wrongCurrentPassword: 'Your current password is not correct.',
  signedOutEverywhere: 'You have been signed out on every device.',
} as const;
