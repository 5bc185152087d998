// POST /api/account/confirmation-email: the confirmation link again, for the signed-in homeowner.
import type { z } from 'zod';
import { CONFIRMATION_EMAIL_PATH, type confirmationResentResponseSchema } from '#shared/account.schema';
import { apiRequest } from '#web/lib/api-client';

export const resendConfirmation = () => apiRequest<z.infer<typeof confirmationResentResponseSchema>>('POST', CONFIRMATION_EMAIL_PATH);
