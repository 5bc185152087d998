// The homeowner's account page: downloading their data and deleting the account, shared by the page and the server.
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './messages';

/** DELETE /api/account: the account email, typed again, is the confirmation. */
export const deleteAccountSchema = z.object({
  confirmEmail: z.string({ error: ACCOUNT_MESSAGES.confirmEmailRequired }).trim().min(1, ACCOUNT_MESSAGES.confirmEmailRequired).max(320),
});

export type DeleteAccountBody = z.infer<typeof deleteAccountSchema>;

export const ACCOUNT_EXPORT_PATH = '/api/account/export';

/** DELETE /api/account: the account is gone; the message says so. */
export const accountDeletedResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** POST /api/account/confirmation-email: a new confirmation link went out, or the address was already confirmed. */
export const CONFIRMATION_EMAIL_PATH = '/api/account/confirmation-email';
export const confirmationResentResponseSchema = z.object({ success: z.literal(true), message: z.string(), alreadyConfirmed: z.boolean() });

/** Where a password reset link lands: the page that sets the new password (token in the query string). */
export const RESET_PASSWORD_PAGE_PATH = '/reset-password';
