// The render workflow's calls: upload the photo (raw body), start a render, read its state.
import type { CreateRender, renderResponseSchema } from '#shared/render.schema';
import type { z } from 'zod';

type RenderResponse = z.infer<typeof renderResponseSchema>;
import { apiRequest, ApiError } from '#web/lib/api-client';
import { UPLOAD_ERRORS } from '#shared/messages';
import type { StoredUpload } from '#shared/upload.schema';

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
  const payload = (await response.json().catch(() => null)) as {
    success?: boolean;
    upload?: UploadedPhoto;
    error?: string;
    code?: string;
  } | null;
  if (!response.ok || !payload?.success || !payload.upload) {
    throw new ApiError(payload?.error ?? UPLOAD_ERRORS.UNEXPECTED, response.status, payload?.code);
  }
  return payload.upload;
}

export const startRender = (body: CreateRender) => apiRequest<RenderResponse>('POST', '/api/renders', body).then((result) => result.render);

export const cancelRender = (renderId: string) => apiRequest<object>('DELETE', `/api/renders/${renderId}`);
