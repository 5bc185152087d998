// GET /api/admin/eligible-contractors: who may receive a lead in this ZIP code (the assign dialog).
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contractorsResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const getEligibleContractors = (zip: string) =>
  apiRequest<z.infer<typeof contractorsResponseSchema>>('GET', `/api/admin/eligible-contractors?zip=${encodeURIComponent(zip)}`).then(
    (result) => result.contractors,
  );

export const eligibleContractorsQuery = (zip: string) =>
  queryOptions({ queryKey: ['admin', 'eligible', zip], queryFn: () => getEligibleContractors(zip) });
