// GET /api/leads/get-assignments: the Assignments tab's rows for a date window.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { assignmentsResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';
import { tabQuery } from './tab-query';
import { withQuery } from './date-window';

export const getAssignments = (query: string) =>
  apiRequest<z.infer<typeof assignmentsResponseSchema>>('GET', withQuery('/api/leads/get-assignments', query)).then(
    (result) => result.assignments,
  );

export const assignmentsQuery = (query: string) =>
  queryOptions({ queryKey: ['admin', 'assignments', query], queryFn: tabQuery('Assignments', () => getAssignments(query)) });
