// The one error type the upload normaliser throws: a stable code from UPLOAD_ERRORS and its exact message.
import { UPLOAD_ERRORS, type UploadErrorCode } from '#shared/messages';

export class UploadError extends Error {
  constructor(
    readonly code: UploadErrorCode,
    cause?: unknown,
  ) {
    super(UPLOAD_ERRORS[code], cause === undefined ? undefined : { cause });
    this.name = 'UploadError';
  }
}

/** Keeps an UploadError as it is; anything else becomes `code`, with the original kept as the cause for logs. */
export function asUploadError(error: unknown, code: UploadErrorCode): UploadError {
  return error instanceof UploadError ? error : new UploadError(code, error);
}
