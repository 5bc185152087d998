// What better-auth's own routes may be sent. better-auth checks types but not sizes (a 900,000-character
// name was accepted and then sent in every session answer), and it would store any profile image URL.
// Each body is checked here, against the endpoint that will actually run (the path is canonical by the
// time it gets here: see http/request-edge.ts), before better-auth sees it.
import { z } from 'zod';
import { LIMITS } from '#shared/constants';
import { signUpSchema } from '#shared/auth.schema';
import { HOMEOWNER_MESSAGES, PRODUCT_MESSAGES } from '#shared/messages';

/** The only profile images we accept: a photo the user uploaded to us, by its own URL. */
const OWN_UPLOAD_IMAGE = /^\/api\/uploads\/[0-9a-f-]{36}\/image$/;

const name = signUpSchema.shape.name;
/** A place in our own site to return to (better-auth also checks it against the trusted origins). */
const callbackURL = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)/, 'callbackURL must be a path on this site')
  .optional();
const password = z.string().max(128, PRODUCT_MESSAGES.tooLong('Password', 128));
const shortText = z.string().max(1000);

const SCHEMAS: Record<string, z.ZodType> = {
  '/api/auth/sign-up/email': signUpSchema
    .extend({
      password: signUpSchema.shape.password.max(128, PRODUCT_MESSAGES.tooLong('Password', 128)),
      callbackURL,
      rememberMe: z.boolean().optional(),
    })
    .strict(),
  '/api/auth/sign-in/email': z
    .object({ email: z.string().max(LIMITS.emailMaxLength), password, callbackURL, rememberMe: z.boolean().optional() })
    .strict(),
  // Nothing else of the profile is the user's to set: not the email (unconfirmed), not the role.
  '/api/auth/update-user': z
    .object({ name: name.optional(), image: z.string().regex(OWN_UPLOAD_IMAGE, PRODUCT_MESSAGES.profileImageOwnUploadOnly).nullish() })
    .strict(),
  '/api/auth/change-password': z
    .object({
      currentPassword: password,
      newPassword: password.min(LIMITS.passwordMinLength, HOMEOWNER_MESSAGES.passwordTooShort),
      revokeOtherSessions: z.boolean().optional(),
    })
    .strict(),
  '/api/auth/request-password-reset': z.object({ email: z.string().max(LIMITS.emailMaxLength), redirectTo: callbackURL }).strict(),
  '/api/auth/reset-password': z
    .object({ newPassword: password.min(LIMITS.passwordMinLength, HOMEOWNER_MESSAGES.passwordTooShort), token: z.string().max(200) })
    .strict(),
  '/api/auth/send-verification-email': z.object({ email: z.string().max(LIMITS.emailMaxLength), callbackURL }).strict(),
};

/** Any other better-auth body: no string longer than a token or a URL needs to be. */
const ANY_BODY = z.record(z.string(), z.union([shortText, z.boolean(), z.number(), z.null()]));

/** The first problem with a body sent to a better-auth endpoint, or null when it may pass. */
export function authInputProblem(endpoint: string, body: unknown): string | null {
  if (body === undefined || body === null) return null;
  const schema = SCHEMAS[endpoint] ?? ANY_BODY;
  const parsed = schema.safeParse(body);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? PRODUCT_MESSAGES.invalidRequest);
}
