// POST /api/uploads: the room photo as the raw body; the server checks, orients and stores it.
import { UPLOAD_ERRORS } from '#shared/messages';
import type { z } from 'zod';
import type { StoredUpload, uploadResponseSchema } from '#shared/upload.schema';
import type { ApiFailure } from '#shared/api';
import { ApiError } from '#web/lib/api-client';

/** A stored photo: the server's own response type (src/shared/upload.schema.ts). */
export type UploadedPhoto = StoredUpload;

export async function uploadPhoto(file: File): Promise<UploadedPhoto> {
  let response: Response;
  try {
    response = await fetch('/api/uploads', {
      method: 'POST',
      body: file,
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) },
    });
  } catch {
    throw new ApiError(UPLOAD_ERRORS.UNEXPECTED, 0);
  }
  const payload = (await response.json().catch(() => null)) as z.infer<typeof uploadResponseSchema> | ApiFailure | null;
  if (!response.ok || !payload?.success) {
    const failure = payload as ApiFailure | null;
    throw new ApiError(failure?.error ?? UPLOAD_ERRORS.UNEXPECTED, response.status, failure?.code);
  }
  return payload.upload;
}
