// GET /api/admin/overdue-assignments: assignments past their response deadline and not marked contacted.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { overdueAssignmentsResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const getOverdueAssignments = () =>
  apiRequest<z.infer<typeof overdueAssignmentsResponseSchema>>('GET', '/api/admin/overdue-assignments').then(
    (result) => result.assignments,
  );

export const overdueAssignmentsQuery = () => queryOptions({ queryKey: ['admin', 'overdue'], queryFn: getOverdueAssignments });
