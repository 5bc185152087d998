// GET /api/upload-links/:id: the desktop polls its link until the phone's photo arrives.
import type { z } from 'zod';
import type { uploadLinkStatusResponseSchema } from '#shared/upload.schema';
import { apiRequest } from '#web/lib/api-client';

export const fetchUploadLink = (id: string) =>
  apiRequest<z.infer<typeof uploadLinkStatusResponseSchema>>('GET', `/api/upload-links/${id}`).then((result) => result.link);
