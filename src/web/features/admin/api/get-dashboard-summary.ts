// GET /api/admin/get-dashboard-summary: the Dashboard tab for a date window.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { dashboardSummaryResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';
import { tabQuery } from './tab-query';
import { withQuery } from './date-window';

export const getDashboardSummary = (query: string) =>
  apiRequest<z.infer<typeof dashboardSummaryResponseSchema>>('GET', withQuery('/api/admin/get-dashboard-summary', query)).then(
    (result) => result.data,
  );

export const dashboardSummaryQuery = (query: string) =>
  queryOptions({ queryKey: ['admin', 'dashboard', query], queryFn: tabQuery('Dashboard', () => getDashboardSummary(query)) });
