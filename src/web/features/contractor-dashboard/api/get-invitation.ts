// GET /api/contractor-invitations/by-token/:token: whom an invitation link is for, and until when.
import type { z } from 'zod';
import type { invitationResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const fetchInvitation = (token: string) =>
  apiRequest<z.infer<typeof invitationResponseSchema>>('GET', `/api/contractor-invitations/by-token/${encodeURIComponent(token)}`).then(
    (result) => result.invitation,
  );
