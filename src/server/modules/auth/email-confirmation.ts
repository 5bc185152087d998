// Confirming a homeowner's email address (better-auth's email verification). The rule it serves: no
// mail carrying anything a user typed or uploaded goes to an address whose owner has not confirmed it.
// An unconfirmed address gets only the confirmation message, at most one a day, so a stranger's address
// cannot be flooded through us either.
import type { Kysely, Transaction } from 'kysely';
import { createEmailVerificationToken } from 'better-auth/api';
import type { Database } from '#server/db/schema';
import { queueMail } from '#server/infra/mail/outbox';
import { renderConfirmAddressEmail } from './emails/confirm-address-email';
import { DAY_MS } from '#shared/time';

/** How long a confirmation link works (the mail is limited to one a day, so a link outlives that). */
export const CONFIRMATION_LINK_TTL_SECONDS = 3 * 24 * 60 * 60;
/** Where the link lands after better-auth has checked it: a page that says what happened. */
export const CONFIRMED_PAGE_PATH = '/api/email/confirmed';

export type ConfirmationDeps = { authSecret: string; publicUrl: string; postalAddress: string };

/** The link better-auth's GET /api/auth/verify-email accepts (a JWT signed with the auth secret). */
export async function confirmationUrl(deps: ConfirmationDeps, user: { id: string; email: string }): Promise<string> {
  const token = await createEmailVerificationToken(deps.authSecret, user.email, undefined, CONFIRMATION_LINK_TTL_SECONDS, {
    userId: user.id,
  });
  return `${deps.publicUrl}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(CONFIRMED_PAGE_PATH)}`;
}

/**
 * Queues the confirmation message in the caller's transaction unless one went to this address in the
 * last day. Returns whether it queued one.
 */
export async function queueConfirmationMail(
  executor: Kysely<Database> | Transaction<Database>,
  deps: ConfirmationDeps,
  user: { id: string; email: string },
  now: Date = new Date(),
): Promise<boolean> {
  const to = user.email.toLowerCase();
  const recent = await executor
    .selectFrom('mail_outbox')
    .select('id')
    .where('kind', '=', 'email-confirmation')
    .where('to_address', '=', to)
    .where('created_at', '>', new Date(now.getTime() - DAY_MS).toISOString())
    .executeTakeFirst();
  if (recent) return false;
  await queueConfirmationMessage(executor, deps, user, now);
  return true;
}

/** The confirmation message itself, into the outbox; the callers decide whether one may go now. */
async function queueConfirmationMessage(
  executor: Kysely<Database> | Transaction<Database>,
  deps: ConfirmationDeps,
  user: { id: string; email: string },
  now: Date,
): Promise<void> {
  const email = renderConfirmAddressEmail({ confirmUrl: await confirmationUrl(deps, user), postalAddress: deps.postalAddress });
  await queueMail(executor, { kind: 'email-confirmation', to: user.email.toLowerCase(), ...email }, now);
}

/** Asked for again by the signed-in owner of the address: a few more a day, never two within minutes. */
export const RESEND_GAP_MS = 5 * 60 * 1000;
export const RESENDS_PER_DAY = 5;

export type ResendOutcome = { sent: true } | { sent: false; retryInMinutes: number } | { sent: false; alreadyConfirmed: true };

/**
 * The account owner's "send the link again" (the mail did not arrive, or went to spam). Only the signed-in
 * owner can ask, so the daily cap is looser than for the automatic message; still capped, so a stolen
 * session cannot turn it into a flood.
 */
export async function resendConfirmationMail(
  db: Kysely<Database>,
  deps: ConfirmationDeps,
  user: { id: string; email: string },
  now: Date = new Date(),
): Promise<ResendOutcome> {
  if (await isEmailConfirmed(db, user.id)) return { sent: false, alreadyConfirmed: true };
  const to = user.email.toLowerCase();
  const today = await db
    .selectFrom('mail_outbox')
    .select('created_at')
    .where('kind', '=', 'email-confirmation')
    .where('to_address', '=', to)
    .where('created_at', '>', new Date(now.getTime() - DAY_MS).toISOString())
    .orderBy('created_at', 'desc')
    .execute();
  const last = today[0] ? Date.parse(today[0].created_at) : null;
  if (last !== null && now.getTime() - last < RESEND_GAP_MS) {
    return { sent: false, retryInMinutes: Math.ceil((RESEND_GAP_MS - (now.getTime() - last)) / 60_000) };
  }
  if (today.length >= RESENDS_PER_DAY) {
    const oldest = Date.parse(today[today.length - 1].created_at);
    return { sent: false, retryInMinutes: Math.ceil((oldest + DAY_MS - now.getTime()) / 60_000) };
  }
  await queueConfirmationMessage(db, deps, user, now);
  return { sent: true };
}

/** Whether the account's address is confirmed, read fresh (the session's copy may be older). */
export async function isEmailConfirmed(executor: Kysely<Database> | Transaction<Database>, userId: string): Promise<boolean> {
  const row = await executor.selectFrom('users').select('email_verified').where('id', '=', userId).executeTakeFirst();
  return row?.email_verified === true;
}
