// Which failures are worth another attempt, and how long to wait before it. Only transient failures are retried,
// and a call that starts paid work is repeated only when the provider certainly did not accept it.

/** Statuses that mean "not now" from the provider or its gateway; the request was not carried out. */
const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/** Failures on the way to the provider, before any byte of the request reached it: safe to repeat any call. */
const BEFORE_SEND_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** The error code undici puts on `fetch failed` errors (in `cause`), or on the error itself. */
export function networkErrorCode(error: unknown): string | undefined {
  const candidates = [error, error instanceof Error ? error.cause : undefined];
  for (const candidate of candidates) {
    if (candidate && typeof candidate === 'object' && 'code' in candidate && typeof candidate.code === 'string') return candidate.code;
  }
  return undefined;
}

export function failedBeforeSending(error: unknown): boolean {
  const code = networkErrorCode(error);
  return code !== undefined && BEFORE_SEND_CODES.has(code);
}

/**
 * How long the provider asks us to wait, in milliseconds: `retry-after-ms` (OpenAI), or `Retry-After` as
 * seconds or an HTTP date (RFC 9110). Undefined when absent or unreadable.
 */
export function retryAfterMs(headers: Headers, now: () => number = Date.now): number | undefined {
  const milliseconds = headers.get('retry-after-ms');
  if (milliseconds !== null && /^\d+(\.\d+)?$/.test(milliseconds.trim())) return Math.ceil(Number(milliseconds));
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now());
}

/** Exponential backoff with jitter, so many workers hitting the same outage do not retry in lockstep. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const exponential = baseMs * 2 ** attempt;
  return Math.min(maxMs, Math.round(exponential * (0.5 + random() / 2)));
}
