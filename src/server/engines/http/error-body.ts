// Reads the human part of a provider's error body, whatever its shape, kept short enough for a log line.
import type { HttpResponse } from './http-client';

const MAX_DETAIL = 300;

/** The first useful text among the usual fields (`detail`, `message`, `error.message`, `errors[]`…), or the raw body. */
export function errorDetail(response: HttpResponse): string {
  const body = response.json();
  const found = body === undefined ? undefined : findMessage(body);
  const text = found ?? response.text().trim();
  const single = text.replace(/\s+/g, ' ');
  if (!single) return `HTTP ${response.status}`;
  return single.length > MAX_DETAIL ? `${single.slice(0, MAX_DETAIL)}…` : single;
}

function findMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  if (Array.isArray(value)) {
    const parts = value.map(findMessage).filter((part): part is string => Boolean(part));
    return parts.length ? parts.join('; ') : undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  for (const key of ['detail', 'message', 'error', 'errors', 'title']) {
    const found = findMessage(record[key]);
    if (found) return found;
  }
  return undefined;
}
