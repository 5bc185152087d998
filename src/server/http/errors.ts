// One error type for the whole API: a stable code, the spec's message, and the HTTP status.
// The error handler in app.ts turns it into { success: false, error, code }.
import { BACK_OFFICE_MESSAGES, PRODUCT_MESSAGES } from '#shared/messages';

export type ErrorCode =
  'VALIDATION_ERROR' | 'AUTHENTICATION_REQUIRED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'GONE' | 'RATE_LIMITED' | 'INTERNAL';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  AUTHENTICATION_REQUIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.status = STATUS_BY_CODE[code];
  }
}

export const authenticationRequired = () => new AppError('AUTHENTICATION_REQUIRED', BACK_OFFICE_MESSAGES.authenticationRequired);
export const forbidden = (message: string = PRODUCT_MESSAGES.forbidden) => new AppError('FORBIDDEN', message);
export const notFound = (message: string = PRODUCT_MESSAGES.notFound) => new AppError('NOT_FOUND', message);
export const invalid = (message: string) => new AppError('VALIDATION_ERROR', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
