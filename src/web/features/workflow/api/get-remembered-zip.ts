// GET /api/profile: the ZIP the signed-in person passed the gate with, so the next visit skips it.
import type { z } from 'zod';
import type { profileResponseSchema } from '#shared/site-response.schema';
import { apiRequest } from '#web/lib/api-client';

export const fetchRememberedZip = () =>
  apiRequest<z.infer<typeof profileResponseSchema>>('GET', '/api/profile').then((result) => result.profile.approved_zip);
