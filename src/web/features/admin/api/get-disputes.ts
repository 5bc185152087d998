// GET /api/admin/disputes: contractors' disputes of leads, newest first (all, or one status).
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { disputesResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';
import { tabQuery } from './tab-query';

export const getDisputes = () =>
  apiRequest<z.infer<typeof disputesResponseSchema>>('GET', '/api/admin/disputes').then((result) => result.disputes);

export const disputesQuery = () => queryOptions({ queryKey: ['admin', 'disputes'], queryFn: tabQuery('Billing', getDisputes) });
