// GET /api/contractor/leads (seed 001 §7): the signed-in contractor's leads and figures.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contractorLeadsResponseSchema } from '#shared/lead-row.schema';
import { BACK_OFFICE_MESSAGES } from '#shared/messages';
import { apiRequest, ApiError } from '#web/lib/api-client';

export const fetchContractorLeads = () => apiRequest<z.infer<typeof contractorLeadsResponseSchema>>('GET', '/api/contractor/leads');

/** Per contractor, so a different person signing in on the same tab never sees the last one's leads. */
export const contractorLeadsQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['contractor-leads', userId],
    enabled: Boolean(userId),
    queryFn: () =>
      fetchContractorLeads().catch((error: unknown) => {
        throw error instanceof ApiError ? error : new Error(BACK_OFFICE_MESSAGES.contractorLeadsFailed);
      }),
  });
