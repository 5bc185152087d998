// GET /api/admin/leads/:leadId/assignment-options: each eligible contractor's price and standing for this
// lead, why the lead cannot be assigned if so, and whom round robin and next in line would pick.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { assignmentOptionsResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const getAssignmentOptions = (leadId: string, exclusive: boolean) =>
  apiRequest<z.infer<typeof assignmentOptionsResponseSchema>>(
    'GET',
    `/api/admin/leads/${encodeURIComponent(leadId)}/assignment-options?exclusive=${exclusive}`,
  );

export const assignmentOptionsQuery = (leadId: string, exclusive: boolean) =>
  queryOptions({ queryKey: ['admin', 'assignment-options', leadId, exclusive], queryFn: () => getAssignmentOptions(leadId, exclusive) });
