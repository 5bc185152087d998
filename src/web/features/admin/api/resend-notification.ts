// POST /api/admin/assignments/:id/resend-notification: queues the contractor's new-lead email again.
import type { z } from 'zod';
import type { acknowledgedResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const resendNotification = (assignmentId: string) =>
  apiRequest<z.infer<typeof acknowledgedResponseSchema>>(
    'POST',
    `/api/admin/assignments/${encodeURIComponent(assignmentId)}/resend-notification`,
  );
