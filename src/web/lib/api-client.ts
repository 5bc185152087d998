// The one HTTP client for our own API: JSON in, JSON out, and the { success: false, error } envelope
// turned into an ApiError carrying the server's message.
import type { ApiFailure } from '#shared/api';
import { PRODUCT_MESSAGES } from '#shared/messages';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

export async function apiRequest<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => null)) as (T & { success?: boolean }) | ApiFailure | null;
  if (!response.ok || !payload || payload.success === false) {
    const failure = payload as ApiFailure | null;
    throw new ApiError(failure?.error ?? PRODUCT_MESSAGES.internalError, response.status, failure?.code);
  }
  return payload as T;
}
