// The checks behind GET /api/debug-replicate, against Replicate's HTTP API: is the token accepted
// (GET /v1/account), and is each configured model there (GET /v1/models/{owner}/{name}, or
// .../versions/{id} for a pinned version). Every answer goes through the provider's HTTP client, so the
// token never appears in what is reported.
import { errorDetail } from '#server/engines/http/error-body';
import { createHttpClient, type HttpClient, type ProviderTransportOptions } from '#server/engines/http/http-client';
import { isProviderError } from '#server/engines/http/provider-error';
import { modelSlug, parseReplicateModel } from './replicate-model';

export type ModelCheck = { model: string; available: boolean; detail: string };
export type ReplicateCheck = { tokenAccepted: boolean; tokenDetail: string; models: ModelCheck[] };

const TIMEOUT_MS = 5_000;

export async function checkReplicate(
  options: ProviderTransportOptions & { apiToken: string; baseUrl?: string; models: string[] },
): Promise<ReplicateCheck> {
  const baseUrl = (options.baseUrl ?? 'https://api.replicate.com').replace(/\/+$/, '');
  const http = createHttpClient({ ...options, provider: 'replicate', label: 'Replicate', secrets: [options.apiToken] });
  const headers = { Authorization: `Bearer ${options.apiToken}` };
  const account = await probe(http, `${baseUrl}/v1/account`, headers, 'GET /v1/account');
  const tokenAccepted = account.ok;
  const tokenDetail = tokenAccepted
    ? `Replicate accepted the token (account ${accountName(account.body) ?? 'unnamed'}).`
    : `Replicate did not accept the token: ${account.detail}`;
  const models = await Promise.all(
    [...new Set(options.models)].map(async (text): Promise<ModelCheck> => {
      const reference = parseReplicateModel(text);
      const slug = modelSlug(reference);
      if (!slug) return { model: text, available: false, detail: 'A bare version id cannot be checked: bind it as owner/name:version.' };
      const [owner, name] = slug.split('/').map(encodeURIComponent);
      const version = 'version' in reference ? reference.version.split(':')[1] : undefined;
      const path = version ? `/v1/models/${owner}/${name}/versions/${version}` : `/v1/models/${owner}/${name}`;
      const answer = await probe(http, `${baseUrl}${path}`, headers, `GET ${path}`);
      return {
        model: text,
        available: answer.ok,
        detail: answer.ok ? `Available (GET ${path} answered ${answer.status}).` : answer.detail,
      };
    }),
  );
  return { tokenAccepted, tokenDetail, models };
}

type Probe = { ok: boolean; status: number; body: unknown; detail: string };

async function probe(http: HttpClient, url: string, headers: Record<string, string>, what: string): Promise<Probe> {
  try {
    const response = await http.send({ method: 'GET', url, headers, what, maxRetries: 0, timeoutMs: TIMEOUT_MS });
    if (response.ok) return { ok: true, status: response.status, body: response.json(), detail: '' };
    const reason =
      response.status === 401 || response.status === 403 ? 'the token was rejected' : response.status === 404 ? 'not found' : 'an error';
    return {
      ok: false,
      status: response.status,
      body: null,
      detail: http.redact(`HTTP ${response.status} (${reason}) to ${what}: ${errorDetail(response)}`),
    };
  } catch (error) {
    const message = isProviderError(error) ? error.message : http.redact(error instanceof Error ? error.message : String(error));
    return { ok: false, status: 0, body: null, detail: message };
  }
}

function accountName(body: unknown): string | undefined {
  const username = (body as { username?: unknown } | null)?.username;
  return typeof username === 'string' ? username : undefined;
}
