// POST /api/contractor-applications: the 'Join as Contractor' form.
import type { z } from 'zod';
import type { ContractorApplication } from '#shared/site.schema';
import type { formReceivedResponseSchema } from '#shared/site-response.schema';
import { apiRequest } from '#web/lib/api-client';

export const applyAsContractor = (application: ContractorApplication) =>
  apiRequest<z.infer<typeof formReceivedResponseSchema>>('POST', '/api/contractor-applications', application);
