// The cheap "can we use this provider?" check each client offers, for start-up logs and the health endpoint.
import type { RenderProvider } from '#server/engines/engine';
import type { HttpClient } from './http-client';
import { isProviderError } from './provider-error';

export type ProviderHealth = { configured: boolean; reachable: boolean; detail: string };

export type RenderProviderWithHealth = RenderProvider & { checkHealth: () => Promise<ProviderHealth> };

const HEALTH_TIMEOUT_MS = 5_000;

/** One GET, no retries, a short timeout: `reachable` means the provider answered 2xx with our credentials. */
export async function probeHealth(
  http: HttpClient,
  request: { url: string; headers?: Record<string, string>; what: string; timeoutMs?: number },
): Promise<ProviderHealth> {
  try {
    const response = await http.send({
      method: 'GET',
      url: request.url,
      headers: request.headers,
      what: request.what,
      maxRetries: 0,
      timeoutMs: request.timeoutMs ?? HEALTH_TIMEOUT_MS,
    });
    if (response.ok) return { configured: true, reachable: true, detail: `${http.label} answered ${response.status} to ${request.what}` };
    const reason = response.status === 401 || response.status === 403 ? 'rejected the credentials' : 'answered with an error';
    return {
      configured: true,
      reachable: false,
      detail: http.redact(`${http.label} ${reason}: HTTP ${response.status} to ${request.what}`),
    };
  } catch (error) {
    const detail = isProviderError(error)
      ? error.message
      : http.redact(`${http.label} health check failed: ${error instanceof Error ? error.message : String(error)}`);
    return { configured: true, reachable: false, detail };
  }
}

export function notConfigured(label: string, missing: string): ProviderHealth {
  return { configured: false, reachable: false, detail: `${label} is not configured: ${missing} is missing` };
}
