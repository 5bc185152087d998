// Quick checks in the browser before a photo is sent (seed 000 §5); the server checks again by content.
import { LIMITS, UPLOAD_ACCEPTED_TYPES } from '#shared/constants';
import { UPLOAD_ERRORS } from '#shared/messages';

export const ACCEPT_ATTRIBUTE = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif';

export function checkFileBeforeUpload(file: { name: string; type: string; size: number }): string | null {
  if (file.size > LIMITS.uploadMaxBytes) return UPLOAD_ERRORS.FILE_TOO_LARGE;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const mimeSubtype = file.type.split('/')[1]?.toLowerCase() ?? '';
  const accepted =
    (UPLOAD_ACCEPTED_TYPES as readonly string[]).includes(extension) || (UPLOAD_ACCEPTED_TYPES as readonly string[]).includes(mimeSubtype);
  return accepted ? null : UPLOAD_ERRORS.INVALID_FORMAT;
}
