// POST /api/account/confirmation-email: the signed-in homeowner asks for the confirmation link again
// (it did not arrive, or expired). Says what happened in words the page shows as they are.
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/database';
import { AppError } from '#server/http/errors';
import { clockOf, type Clock } from '#server/infra/clock';
import { CONFIRMATION_EMAIL_PATH, confirmationResentResponseSchema } from '#shared/account.schema';
import { ACCOUNT_MESSAGES } from '#shared/messages';
import { requireUser, signedIn } from './guards';
import { resendConfirmationMail, type ConfirmationDeps } from './email-confirmation';

export async function emailConfirmationRoutes(
  app: FastifyInstance,
  deps: { db: Db; confirmation: ConfirmationDeps; onMailQueued: () => Promise<void>; now?: Clock },
) {
  const now = clockOf(deps);
  app.post(
    CONFIRMATION_EMAIL_PATH,
    { onRequest: signedIn, schema: { response: { 200: confirmationResentResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const outcome = await resendConfirmationMail(deps.db, deps.confirmation, user, now());
      if ('alreadyConfirmed' in outcome)
        return { success: true as const, message: ACCOUNT_MESSAGES.alreadyConfirmed, alreadyConfirmed: true };
      if (!outcome.sent) throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.confirmationWait(outcome.retryInMinutes));
      await deps.onMailQueued();
      return { success: true as const, message: ACCOUNT_MESSAGES.confirmationResent(user.email), alreadyConfirmed: false };
    },
  );
}
