// GET /api/admin/home-summary: live counts for the admin-only home section, refreshed every 30 s.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminHomeSummaryResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const fetchAdminHomeSummary = () =>
  apiRequest<z.infer<typeof adminHomeSummaryResponseSchema>>('GET', '/api/admin/home-summary').then((result) => result.data);

export const adminHomeSummaryQuery = () =>
  queryOptions({ queryKey: ['admin-home-summary'], queryFn: fetchAdminHomeSummary, refetchInterval: 30_000 });
