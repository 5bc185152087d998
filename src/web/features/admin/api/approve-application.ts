// POST /api/admin/contractor-applications/:id/approve: creates the contractor and emails the invitation.
import type { z } from 'zod';
import type { contractorCreatedResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const approveApplication = (id: string) =>
  apiRequest<z.infer<typeof contractorCreatedResponseSchema>>(
    'POST',
    `/api/admin/contractor-applications/${encodeURIComponent(id)}/approve`,
    {},
  );
