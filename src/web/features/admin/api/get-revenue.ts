// GET /api/admin/revenue: the ledger per month (lead charges, fees, credits), newest first.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { revenueResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';
import { tabQuery } from './tab-query';

export const getRevenue = () =>
  apiRequest<z.infer<typeof revenueResponseSchema>>('GET', '/api/admin/revenue').then((result) => result.months);

export const revenueQuery = () => queryOptions({ queryKey: ['admin', 'revenue'], queryFn: tabQuery('Billing', getRevenue) });
