// POST /api/contractor/leads/:leadId/disputes: the contractor disputes a bad lead (within 14 days).
import type { z } from 'zod';
import type { DisputeReason } from '#shared/constants';
import type { disputeOpenedResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const disputeLead = (leadId: string, reason: DisputeReason, details: string) =>
  apiRequest<z.infer<typeof disputeOpenedResponseSchema>>('POST', `/api/contractor/leads/${encodeURIComponent(leadId)}/disputes`, {
    reason,
    details: details.trim() || null,
  });
