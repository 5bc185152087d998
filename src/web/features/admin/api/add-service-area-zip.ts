// POST /api/admin/service-area: adds a ZIP code (or switches one on again).
import type { z } from 'zod';
import type { serviceAreaZipResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const addServiceAreaZip = (zip: string, town: string) =>
  apiRequest<z.infer<typeof serviceAreaZipResponseSchema>>('POST', '/api/admin/service-area', { zip, town });
