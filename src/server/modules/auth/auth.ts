// better-auth, set up for this product: email + password, cookie sessions and bearer tokens,
// our snake_case tables, and a role on every user (homeowner unless an admin says otherwise).
import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { bearer } from 'better-auth/plugins';
import { LIMITS } from '#shared/constants';
import type { Config } from '#server/config';
import type { DatabaseHandle } from '#server/db/database';
import { trustedOrigins } from '#server/http/security';
import { CONFIRMATION_LINK_TTL_SECONDS, queueConfirmationMail } from './email-confirmation';
import { liftSuppression } from '#server/infra/mail/suppressions';
import { recordLogin } from './login-tracking';
import { queueMail } from '#server/infra/mail/outbox';
import { RESET_PASSWORD_PAGE_PATH } from '#shared/account.schema';
import { renderPasswordResetEmail } from './emails/password-reset-email';
import type { Log } from '#server/infra/log';

/**
 * How long a signed-out, deleted or demoted session can still read as itself through the cookie copy on
 * another device (docs/decisions/028). One minute: most of a browsing session's reads are within a
 * minute of the last lookup, and a revocation is never older than that on any page.
 */
export const SESSION_COOKIE_CACHE_SECONDS = 60;

/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

export type AuthHooks = {
  /** The homeowner opened the confirmation link (their design emails may go now). */
  onEmailConfirmed?: (userId: string) => Promise<void>;
  /** A message was queued (the mail sender looks at once instead of at its next poll). */
  onMailQueued?: () => Promise<void>;
  /** A new session began: a login, which the homeowner's lead scores count. */
  onSignedIn?: (userId: string) => Promise<void>;
};

export function createAuth(config: Config, database: DatabaseHandle, log?: Pick<Log, 'error'>, hooks: AuthHooks = {}) {
  const confirmation = { authSecret: config.authSecret, publicUrl: config.publicUrl, postalAddress: config.mailPostalAddress };
  return betterAuth({
    appName: 'MetroWest AI Home Renovations',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config.publicUrl),
    telemetry: { enabled: false },
    database: { db: database.authDb, type: database.kind },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: LIMITS.passwordMinLength,
      autoSignIn: true,
      // "Forgot password?": a single-use link for one hour, straight to our reset page (the token rides
      // in the query string, which request logs redact). A reset signs every device out.
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const resetUrl = `${config.publicUrl}${RESET_PASSWORD_PAGE_PATH}?token=${encodeURIComponent(token)}`;
        const email = renderPasswordResetEmail({ resetUrl, postalAddress: config.mailPostalAddress });
        await queueMail(database.db, { kind: 'password-reset', to: user.email, ...email });
        await hooks.onMailQueued?.();
      },
    },
    // Addresses are confirmed before we mail anyone what a user typed or uploaded (email-confirmation.ts).
    // Signing up does not wait for it: the first render needs no confirmation, the design email does.
    emailVerification: {
      sendOnSignUp: false,
      expiresIn: CONFIRMATION_LINK_TTL_SECONDS,
      sendVerificationEmail: async ({ user }) => {
        if (await queueConfirmationMail(database.db, confirmation, user)) await hooks.onMailQueued?.();
      },
      afterEmailVerification: async (user) => {
        await hooks.onEmailConfirmed?.(user.id);
      },
    },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', ...timestamps },
      additionalFields: {
        // input: false — nobody can choose their own role at sign-up; admins change it later.
        role: { type: 'string', required: false, defaultValue: 'homeowner', input: false },
      },
    },
    session: {
      // A signed copy of the session in a cookie, so a browser's reads skip the session lookup for this
      // long; writes and staff routes still check the database (auth.routes.ts). With a database better-auth
      // never extends the copy by itself: once it is older than this, the next request looks the session up.
      cookieCache: { enabled: true, maxAge: SESSION_COOKIE_CACHE_SECONDS },
      modelName: 'sessions',
      fields: { userId: 'user_id', expiresAt: 'expires_at', ipAddress: 'ip_address', userAgent: 'user_agent', ...timestamps },
    },
    account: {
      modelName: 'accounts',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...timestamps,
      },
    },
    verification: {
      // Reset tokens are kept as hashes: a copy of the database cannot be used to take over accounts.
      storeIdentifier: 'hashed',
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', ...timestamps },
    },
    advanced: {
      database: { generateId: () => randomUUID() },
      useSecureCookies: config.publicUrl.startsWith('https://'),
    },
    // Rate limits come with the hardening work (shared through Redis); the built-in memory limiter
    // would count per instance only.
    rateLimit: { enabled: false },
    databaseHooks: {
      user: {
        create: {
          // Signing up again after deleting an account is new consent to mail.
          after: async (user) => liftSuppression(database.db, user.email),
        },
      },
      session: {
        create: {
          // Every new session is a login: sign-up's automatic sign-in included.
          // Logins are engagement: onSignedIn lets the homeowner's leads be rescored.
          after: async (session) => {
            await recordLogin(database.db, session.userId);
            await hooks.onSignedIn?.(session.userId);
          },
        },
      },
    },
    plugins: [bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
