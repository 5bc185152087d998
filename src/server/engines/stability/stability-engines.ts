// Stability AI's engine list (GET /v1/engines/list), for the stabilityAiModels field of GET /api/debug-replicate.
import { createHttpClient, type ProviderTransportOptions } from '#server/engines/http/http-client';
import { isProviderError } from '#server/engines/http/provider-error';

export type StabilityEngines = { ok: true; ids: string[] } | { ok: false; detail: string };

export async function listStabilityEngines(
  options: ProviderTransportOptions & { apiKey: string; baseUrl?: string },
): Promise<StabilityEngines> {
  const baseUrl = (options.baseUrl ?? 'https://api.stability.ai').replace(/\/+$/, '');
  const http = createHttpClient({ ...options, provider: 'stability', label: 'Stability AI', secrets: [options.apiKey] });
  try {
    const response = await http.send({
      method: 'GET',
      url: `${baseUrl}/v1/engines/list`,
      headers: { Authorization: `Bearer ${options.apiKey}` },
      what: 'GET /v1/engines/list',
      maxRetries: 0,
      timeoutMs: 5_000,
    });
    if (!response.ok) return { ok: false, detail: `Stability AI answered HTTP ${response.status} to GET /v1/engines/list` };
    const body = response.json();
    const ids = Array.isArray(body)
      ? body.map((engine) => (engine as { id?: unknown }).id).filter((id): id is string => typeof id === 'string')
      : [];
    return { ok: true, ids };
  } catch (error) {
    return { ok: false, detail: isProviderError(error) ? error.message : http.redact(String(error)) };
  }
}
