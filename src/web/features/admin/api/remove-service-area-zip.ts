// DELETE /api/admin/service-area/:zip: switches a ZIP code off (it stays listed).
import type { z } from 'zod';
import type { okResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const removeServiceAreaZip = (zip: string) =>
  apiRequest<z.infer<typeof okResponseSchema>>('DELETE', `/api/admin/service-area/${encodeURIComponent(zip)}`);
