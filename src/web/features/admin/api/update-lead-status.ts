// PUT /api/leads/update-status: the Leads tab's status select.
import type { z } from 'zod';
import type { okResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';
import type { LeadStatus } from '#shared/constants';

export const updateLeadStatus = (leadId: string, status: LeadStatus) =>
  apiRequest<z.infer<typeof okResponseSchema>>('PUT', '/api/leads/update-status', { leadId, status });
