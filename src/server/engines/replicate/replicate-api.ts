// Replicate's predictions API (https://replicate.com/docs/reference/http): create, get, cancel, and what their
// answers mean. Calls go to the configured base URL only, so the token never travels to another host.
import { errorDetail } from '#server/engines/http/error-body';
import type { HttpClient, HttpResponse } from '#server/engines/http/http-client';
import type { ProviderError } from '#server/engines/http/provider-error';
import type { ReplicateModelRef } from './replicate-model';

export type PredictionStatus = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted';

export type Prediction = {
  id: string;
  status: PredictionStatus;
  output: unknown;
  error: unknown;
  logs: string | null;
};

const STATUSES: readonly PredictionStatus[] = ['starting', 'processing', 'succeeded', 'failed', 'canceled', 'aborted'];
const TERMINAL: readonly PredictionStatus[] = ['succeeded', 'failed', 'canceled', 'aborted'];

export function isTerminal(status: PredictionStatus): boolean {
  return TERMINAL.includes(status);
}

export type ReplicateApi = {
  create: (body: Record<string, unknown>, signal: AbortSignal) => Promise<Prediction>;
  get: (id: string, signal: AbortSignal) => Promise<Prediction>;
  /** Best effort: a failed cancel must not hide why we cancelled. */
  cancel: (id: string) => Promise<void>;
  /** Files API (POST /v1/files): for inputs too big for a data URI; the answer's URL goes into the input. */
  uploadFile: (data: Buffer, contentType: string, signal: AbortSignal) => Promise<UploadedFile>;
  /** Best effort: an uploaded file expires on its own anyway. */
  deleteFile: (id: string) => Promise<void>;
};

export type UploadedFile = { id: string; url: string };

export type ReplicateApiOptions = {
  http: HttpClient;
  baseUrl: string;
  apiToken: string;
  model: ReplicateModelRef;
  /** Seconds the create call may hold the connection for a quick result (`Prefer: wait=n`); 0 for async only. */
  preferWaitSeconds: number;
  requestTimeoutMs: number;
};

export function createReplicateApi(options: ReplicateApiOptions): ReplicateApi {
  const { http, baseUrl, model } = options;
  const auth = { Authorization: `Bearer ${options.apiToken}` };
  const createUrl =
    'owner' in model
      ? `${baseUrl}/v1/models/${encodeURIComponent(model.owner)}/${encodeURIComponent(model.name)}/predictions`
      : `${baseUrl}/v1/predictions`;

  async function create(input: Record<string, unknown>, signal: AbortSignal): Promise<Prediction> {
    const body = 'version' in model ? { version: model.version, ...input } : input;
    const headers: Record<string, string> = { ...auth, 'Content-Type': 'application/json' };
    if (options.preferWaitSeconds > 0) headers.Prefer = `wait=${options.preferWaitSeconds}`;
    const response = await http.send({
      method: 'POST',
      url: createUrl,
      headers,
      body: JSON.stringify(body),
      what: 'creating the prediction',
      startsPaidWork: true,
      // Once sent, a prediction may exist: let the answer arrive so an abort can cancel it by id.
      finishInFlight: true,
      signal,
      timeoutMs: options.requestTimeoutMs + options.preferWaitSeconds * 1000,
    });
    if (response.status !== 200 && response.status !== 201) throw createFailure(http, response);
    return parseOrFail(http, response, 'creating the prediction');
  }

  async function get(id: string, signal: AbortSignal): Promise<Prediction> {
    const response = await http.send({
      method: 'GET',
      url: `${baseUrl}/v1/predictions/${encodeURIComponent(id)}`,
      headers: auth,
      what: 'checking the prediction',
      signal,
    });
    if (!response.ok) {
      throw http.error(`Replicate could not report on the prediction: HTTP ${response.status}: ${errorDetail(response)}`, {
        transient: response.status === 429 || response.status >= 500,
        status: response.status,
      });
    }
    return parseOrFail(http, response, 'checking the prediction');
  }

  async function cancel(id: string): Promise<void> {
    try {
      await http.send({
        method: 'POST',
        url: `${baseUrl}/v1/predictions/${encodeURIComponent(id)}/cancel`,
        headers: auth,
        what: 'cancelling the prediction',
        maxRetries: 1,
        timeoutMs: 5_000,
      });
    } catch {
      // The prediction ends at its own time limit anyway; the original failure is what the caller reports.
    }
  }

  async function uploadFile(data: Buffer, contentType: string, signal: AbortSignal): Promise<UploadedFile> {
    const form = new FormData();
    form.append('content', new Blob([new Uint8Array(data)], { type: contentType }), 'room.jpg');
    form.append('type', contentType);
    const response = await http.send({
      method: 'POST',
      url: `${baseUrl}/v1/files`,
      headers: auth,
      body: form,
      what: 'uploading the photo',
      signal,
    });
    if (!response.ok) {
      throw http.error(`Replicate could not take the photo (HTTP ${response.status}): ${errorDetail(response)}`, {
        transient: response.status === 429 || response.status >= 500,
        status: response.status,
      });
    }
    const file = parseUploadedFile(response.json());
    if (!file) throw http.error(`Replicate sent an unreadable answer to the photo upload (HTTP ${response.status})`, { transient: false });
    return file;
  }

  async function deleteFile(id: string): Promise<void> {
    try {
      await http.send({
        method: 'DELETE',
        url: `${baseUrl}/v1/files/${encodeURIComponent(id)}`,
        headers: auth,
        what: 'deleting the uploaded photo',
        maxRetries: 0,
        timeoutMs: 5_000,
      });
    } catch {
      // Replicate deletes uploaded files on its own after a day.
    }
  }

  return { create, get, cancel, uploadFile, deleteFile };
}

/** `{ id, urls: { get } }` of a file created with POST /v1/files. */
export function parseUploadedFile(body: unknown): UploadedFile | null {
  if (!body || typeof body !== 'object') return null;
  const { id, urls } = body as { id?: unknown; urls?: { get?: unknown } };
  if (typeof id !== 'string' || !urls || typeof urls.get !== 'string') return null;
  return { id, url: urls.get };
}

export function parsePrediction(body: unknown): Prediction | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  if (typeof record.id !== 'string' || !STATUSES.includes(record.status as PredictionStatus)) return null;
  return {
    id: record.id,
    status: record.status as PredictionStatus,
    output: record.output ?? null,
    error: record.error ?? null,
    logs: typeof record.logs === 'string' ? record.logs : null,
  };
}

function parseOrFail(http: HttpClient, response: HttpResponse, what: string): Prediction {
  const prediction = parsePrediction(response.json());
  if (!prediction)
    throw http.error(`Replicate sent an unreadable prediction while ${what} (HTTP ${response.status})`, {
      transient: false,
      status: response.status,
    });
  return prediction;
}

/** Replicate answers errors as problem details: `{ title, detail, status, invalid_fields? }`. */
function createFailure(http: HttpClient, response: HttpResponse): ProviderError {
  const { status } = response;
  const detail = [errorDetail(response), invalidFields(response.json())].filter(Boolean).join(' — ');
  const options = { status, transient: status === 429 || status >= 500 };
  if (status === 401 || status === 403) return http.error(`Replicate rejected the API token (HTTP ${status}): ${detail}`, options);
  if (status === 402) return http.error(`Replicate refused the prediction: billing required (HTTP 402): ${detail}`, options);
  if (status === 404) return http.error(`Replicate does not know the model (HTTP 404): ${detail}`, options);
  if (status === 422) return http.error(`Replicate rejected the prediction input (HTTP 422): ${detail}`, options);
  if (status === 429) return http.error(`Replicate is rate limiting predictions (HTTP 429): ${detail}`, options);
  return http.error(`Replicate could not create the prediction (HTTP ${status}): ${detail}`, options);
}

function invalidFields(body: unknown): string {
  if (!body || typeof body !== 'object' || !Array.isArray((body as { invalid_fields?: unknown }).invalid_fields)) return '';
  const fields = (body as { invalid_fields: unknown[] }).invalid_fields;
  return fields
    .map((field) => {
      if (!field || typeof field !== 'object') return '';
      const { field: name, description } = field as { field?: unknown; description?: unknown };
      return [name, description].filter((part) => typeof part === 'string' && part).join(': ');
    })
    .filter(Boolean)
    .join('; ');
}
