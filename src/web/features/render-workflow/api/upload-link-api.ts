// 'QR Code Upload' calls: the desktop creates and polls a link; the phone checks it and sends the photo.
import { apiRequest, ApiError } from '#web/lib/api-client';
import { UPLOAD_ERRORS } from '#shared/messages';
import type { NewUploadLink, UploadLinkStatus } from '#shared/upload.schema';

export type UploadLink = NewUploadLink;
export type { UploadLinkStatus };

export const createUploadLink = () => apiRequest<{ link: UploadLink }>('POST', '/api/upload-links').then((result) => result.link);
export const fetchUploadLink = (id: string) =>
  apiRequest<{ link: UploadLinkStatus }>('GET', `/api/upload-links/${id}`).then((result) => result.link);
export const checkPhoneLink = (token: string) =>
  apiRequest<{ success: true }>('GET', `/api/upload-links/by-token/${encodeURIComponent(token)}`);

export async function sendPhonePhoto(token: string, file: File): Promise<string> {
  const response = await fetch(`/api/upload-links/by-token/${encodeURIComponent(token)}/photo`, {
    method: 'POST',
    body: file,
    headers: { 'content-type': 'application/octet-stream' },
  }).catch(() => null);
  const payload = (await response?.json().catch(() => null)) as { success?: boolean; message?: string; error?: string } | null;
  if (!response?.ok || !payload?.success) throw new ApiError(payload?.error ?? UPLOAD_ERRORS.UNEXPECTED, response?.status ?? 0);
  return payload.message ?? '';
}
