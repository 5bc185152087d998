// PUT /api/contractor/leads/:leadId/status: the contractor's own status change, with an optional note.
import type { z } from 'zod';
import type { LeadStatus } from '#shared/constants';
import type { okResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const updateLeadStatus = (leadId: string, status: LeadStatus, note?: string) =>
  apiRequest<z.infer<typeof okResponseSchema>>('PUT', `/api/contractor/leads/${encodeURIComponent(leadId)}/status`, {
    status,
    ...(note ? { note } : {}),
  });
