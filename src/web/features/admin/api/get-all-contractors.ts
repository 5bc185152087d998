// GET /api/admin/get-all-contractors: the Contractors tab.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contractorsResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';
import { tabQuery } from './tab-query';

export const getAllContractors = () =>
  apiRequest<z.infer<typeof contractorsResponseSchema>>('GET', '/api/admin/get-all-contractors').then((result) => result.contractors);

export const contractorsQuery = () =>
  queryOptions({ queryKey: ['admin', 'contractors'], queryFn: tabQuery('Contractors', () => getAllContractors()) });
