// POST /api/admin/contractor-applications/:id/reject: marks an application rejected.
import type { z } from 'zod';
import type { okResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const rejectApplication = (id: string) =>
  apiRequest<z.infer<typeof okResponseSchema>>('POST', `/api/admin/contractor-applications/${encodeURIComponent(id)}/reject`);
