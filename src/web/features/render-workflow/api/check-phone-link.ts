// GET /api/upload-links/by-token/:token: the phone page asks whether its link still works.
import type { z } from 'zod';
import type { okResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const checkPhoneLink = (token: string) =>
  apiRequest<z.infer<typeof okResponseSchema>>('GET', `/api/upload-links/by-token/${encodeURIComponent(token)}`);
