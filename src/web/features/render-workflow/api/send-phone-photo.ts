// POST /api/upload-links/by-token/:token/photo: the phone sends its photo; the answer says to look at the computer.
import type { z } from 'zod';
import type { ApiFailure } from '#shared/api';
import type { phonePhotoResponseSchema } from '#shared/upload.schema';
import { UPLOAD_ERRORS } from '#shared/messages';
import { ApiError } from '#web/lib/api-client';

export async function sendPhonePhoto(token: string, file: File): Promise<string> {
  const response = await fetch(`/api/upload-links/by-token/${encodeURIComponent(token)}/photo`, {
    method: 'POST',
    body: file,
    headers: { 'content-type': 'application/octet-stream' },
  }).catch(() => null);
  const payload = (await response?.json().catch(() => null)) as z.infer<typeof phonePhotoResponseSchema> | ApiFailure | null;
  if (!response?.ok || !payload?.success) {
    throw new ApiError((payload as ApiFailure | null)?.error ?? UPLOAD_ERRORS.UNEXPECTED, response?.status ?? 0);
  }
  return payload.message;
}
