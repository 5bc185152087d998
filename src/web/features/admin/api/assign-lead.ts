// POST /api/leads/assign-manually: the assign dialog (the chosen contractors, or one of the automatic methods; shared or exclusive).
import type { z } from 'zod';
import type { assignLeadResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';
import type { AssignmentMethod } from '#shared/constants';

export const assignLead = (leadId: string, contractorIds: string[], assignmentMethod: AssignmentMethod, exclusive = false) =>
  apiRequest<z.infer<typeof assignLeadResponseSchema>>('POST', '/api/leads/assign-manually', {
    leadId,
    contractorIds,
    assignmentMethod,
    exclusive,
  });
