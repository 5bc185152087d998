// GET /api/admin/get-all-leads: a page of the Leads tab for its filters.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminLeadsResponseSchema } from '#shared/lead-row.schema';
import { apiRequest } from '#web/lib/api-client';
import { tabQuery } from './tab-query';
import { withQuery } from './date-window';

export const getAllLeads = (query: string) =>
  apiRequest<z.infer<typeof adminLeadsResponseSchema>>('GET', withQuery('/api/admin/get-all-leads', query));

export const leadsQuery = (query: string) =>
  queryOptions({ queryKey: ['admin', 'leads', query], queryFn: tabQuery('Leads', () => getAllLeads(query)) });
