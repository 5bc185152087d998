// POST /api/upload-links: 'QR Code Upload' on the desktop makes a one-time link for the phone.
import type { z } from 'zod';
import type { newUploadLinkResponseSchema } from '#shared/upload.schema';
import { apiRequest } from '#web/lib/api-client';

export const createUploadLink = () =>
  apiRequest<z.infer<typeof newUploadLinkResponseSchema>>('POST', '/api/upload-links').then((result) => result.link);
