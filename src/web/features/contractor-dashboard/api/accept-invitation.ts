// POST /api/contractor-invitations/accept: sets the contractor's password; the answer names the address to sign in with.
import type { z } from 'zod';
import type { invitationAcceptedResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const acceptInvitation = (token: string, password: string) =>
  apiRequest<z.infer<typeof invitationAcceptedResponseSchema>>('POST', '/api/contractor-invitations/accept', { token, password });
