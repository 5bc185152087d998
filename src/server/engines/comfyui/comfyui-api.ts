// ComfyUI's HTTP routes (https://docs.comfy.org/development/comfyui-server/comms_routes) as typed calls:
// upload the photo, queue the workflow, read its history, fetch the image, and take a prompt back off the GPU.
import { errorDetail } from '#server/engines/http/error-body';
import type { HttpClient, HttpResponse } from '#server/engines/http/http-client';
import type { ProviderError } from '#server/engines/http/provider-error';
import type { Workflow } from './workflow-template';

export type ComfyImageRef = { filename: string; subfolder: string; type: string };

export type HistoryEntry = {
  outputs: Record<string, { images?: ComfyImageRef[] }>;
  status?: { status_str?: string; completed?: boolean; messages?: [string, Record<string, unknown>][] };
};

export type ComfyApi = {
  upload: (image: Buffer, filename: string, signal: AbortSignal) => Promise<string>;
  queue: (workflow: Workflow, clientId: string, signal: AbortSignal) => Promise<string>;
  /** The prompt's history entry, or null while it is queued or running. */
  history: (promptId: string, signal: AbortSignal) => Promise<HistoryEntry | null>;
  view: (image: ComfyImageRef, signal: AbortSignal) => Promise<Buffer>;
  /** Best effort: removes the prompt if it waits in the queue, interrupts it if it runs. */
  cancel: (promptId: string) => Promise<void>;
};

export function createComfyApi(options: { http: HttpClient; baseUrl: string; headers: Record<string, string> }): ComfyApi {
  const { http, baseUrl, headers } = options;
  const json = { ...headers, 'Content-Type': 'application/json' };

  async function upload(image: Buffer, filename: string, signal: AbortSignal): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), filename);
    form.append('type', 'input');
    form.append('overwrite', 'true');
    // Same file name on every attempt with overwrite on, so a retried upload cannot leave duplicates.
    const response = await http.send({
      method: 'POST',
      url: `${baseUrl}/upload/image`,
      headers,
      body: form,
      what: 'uploading the photo',
      signal,
    });
    if (!response.ok) throw failure(http, response, 'ComfyUI refused the photo upload');
    const body = response.json() as { name?: unknown; subfolder?: unknown } | undefined;
    if (!body || typeof body.name !== 'string')
      throw http.error('ComfyUI answered the upload without a file name', { transient: false, status: response.status });
    return typeof body.subfolder === 'string' && body.subfolder ? `${body.subfolder}/${body.name}` : body.name;
  }

  async function queue(workflow: Workflow, clientId: string, signal: AbortSignal): Promise<string> {
    const response = await http.send({
      method: 'POST',
      url: `${baseUrl}/prompt`,
      headers: json,
      body: JSON.stringify({ prompt: workflow, client_id: clientId }),
      what: 'queueing the workflow',
      startsPaidWork: true,
      // Once sent, the prompt may be queued: let the answer arrive so an abort can take it back by id.
      finishInFlight: true,
      signal,
    });
    if (!response.ok) throw queueFailure(http, response);
    const body = response.json() as { prompt_id?: unknown } | undefined;
    if (!body || typeof body.prompt_id !== 'string')
      throw http.error('ComfyUI queued the workflow without a prompt id', { transient: false, status: response.status });
    return body.prompt_id;
  }

  async function history(promptId: string, signal: AbortSignal): Promise<HistoryEntry | null> {
    const response = await http.send({
      method: 'GET',
      url: `${baseUrl}/history/${encodeURIComponent(promptId)}`,
      headers,
      what: 'reading the run history',
      signal,
    });
    if (!response.ok) throw failure(http, response, 'ComfyUI could not report on the run');
    const body = response.json() as Record<string, HistoryEntry> | undefined;
    const entry = body?.[promptId];
    return entry && typeof entry === 'object' ? { outputs: entry.outputs ?? {}, status: entry.status } : null;
  }

  async function view(image: ComfyImageRef, signal: AbortSignal): Promise<Buffer> {
    const query = new URLSearchParams({ filename: image.filename, subfolder: image.subfolder, type: image.type });
    const response = await http.send({
      method: 'GET',
      url: `${baseUrl}/view?${query}`,
      headers: { ...headers, Accept: 'image/*' },
      what: 'downloading the result',
      signal,
    });
    if (!response.ok)
      throw http.error(`ComfyUI output could not be downloaded: HTTP ${response.status} for ${image.filename}`, {
        transient: response.status >= 500,
        status: response.status,
      });
    return response.body;
  }

  async function cancel(promptId: string): Promise<void> {
    const post = (path: string, body: unknown) =>
      http
        .send({
          method: 'POST',
          url: `${baseUrl}${path}`,
          headers: json,
          body: JSON.stringify(body),
          what: `cancelling the run (${path})`,
          maxRetries: 1,
          timeoutMs: 5_000,
        })
        .catch(() => undefined);
    const state = await queueState(promptId);
    // A bare /interrupt stops whatever runs now, possibly another homeowner's prompt: interrupt only our own.
    if (state !== 'running') await post('/queue', { delete: [promptId] });
    if (state !== 'pending') await post('/interrupt', { prompt_id: promptId });
  }

  async function queueState(promptId: string): Promise<'running' | 'pending' | 'unknown'> {
    try {
      const response = await http.send({
        method: 'GET',
        url: `${baseUrl}/queue`,
        headers,
        what: 'reading the queue',
        maxRetries: 0,
        timeoutMs: 5_000,
      });
      const body = response.json() as { queue_running?: unknown[][]; queue_pending?: unknown[][] } | undefined;
      if (body?.queue_running?.some((item) => item[1] === promptId)) return 'running';
      if (body?.queue_pending?.some((item) => item[1] === promptId)) return 'pending';
    } catch {
      // Unknown: take it off the queue and interrupt it by id, which covers both.
    }
    return 'unknown';
  }

  return { upload, queue, history, view, cancel };
}

function failure(http: HttpClient, response: HttpResponse, what: string): ProviderError {
  return http.error(`${what}: HTTP ${response.status}: ${errorDetail(response)}`, {
    transient: response.status === 429 || response.status >= 500,
    status: response.status,
  });
}

/** ComfyUI answers an invalid workflow with 400 `{ error: { message }, node_errors: { id: { class_type, errors } } }`. */
function queueFailure(http: HttpClient, response: HttpResponse): ProviderError {
  const body = response.json() as
    | {
        error?: { message?: unknown; details?: unknown };
        node_errors?: Record<string, { class_type?: unknown; errors?: { message?: unknown; details?: unknown }[] }>;
      }
    | undefined;
  if (response.status === 400 && body?.error) {
    const nodeErrors = Object.entries(body.node_errors ?? {}).flatMap(([id, node]) =>
      (node.errors ?? []).map(
        (error) => `${String(node.class_type ?? 'node')} ${id}: ${[error.message, error.details].filter(Boolean).join(' — ')}`,
      ),
    );
    const message = [String(body.error.message ?? 'invalid workflow'), ...nodeErrors].join('; ');
    return http.error(`ComfyUI rejected the workflow: ${message}`, { transient: false, status: 400 });
  }
  return failure(http, response, 'ComfyUI did not queue the workflow');
}
