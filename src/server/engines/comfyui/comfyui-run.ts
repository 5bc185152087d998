// Following one queued ComfyUI prompt to its end: live over the websocket while it is up, by polling the
// history when it is not (or drops), with the run's own error when it fails.
import type { HttpClient } from '#server/engines/http/http-client';
import type { PhaseReporter } from '#server/engines/http/phase-progress';
import { ProviderError } from '#server/engines/http/provider-error';
import type { Sleep } from '#server/engines/http/sleep';
import type { ComfyApi, ComfyImageRef, HistoryEntry } from './comfyui-api';
import type { ComfyMessage, ComfySocket } from './comfyui-socket';

export type RunNodes = { structure: string[]; samplers: string[]; outputs: string[] };

export type FollowRunOptions = {
  api: ComfyApi;
  http: HttpClient;
  promptId: string;
  socket: ComfySocket | null;
  nodes: RunNodes;
  signal: AbortSignal;
  report: PhaseReporter;
  pollIntervalMs: number;
  sleep: Sleep;
};

/** While the socket is live the history is still read now and then, in case its messages never come. */
const HISTORY_CHECK_EVERY = 10;

/** A failure of the run itself: ComfyUI has already stopped, so there is nothing left to cancel. */
export class RunEndedError extends ProviderError {}

export async function followRun(options: FollowRunOptions): Promise<HistoryEntry> {
  const { api, http, promptId, socket, nodes, signal, report } = options;
  let finished = false;
  let dropped = !socket?.open;
  let failure: ProviderError | null = null;
  let wake: (() => void) | null = null;

  const onMessage = (message: ComfyMessage) => {
    if (message.promptId !== promptId) return;
    switch (message.type) {
      case 'execution_start':
        report('architecture', 0);
        break;
      case 'executing':
        if (message.node === null) finished = true;
        else if (nodes.structure.includes(message.node)) report('architecture', 0.3);
        else if (nodes.samplers.includes(message.node)) report('generation', 0);
        break;
      case 'progress':
        if (message.node !== null && nodes.structure.includes(message.node))
          report('architecture', 0.3 + 0.7 * (message.value / message.max));
        else report('generation', message.value / message.max);
        break;
      case 'execution_success':
        finished = true;
        break;
      case 'execution_error':
        failure = executionError(http, message.nodeType, message.node, message.exceptionType, message.exceptionMessage);
        break;
      case 'execution_interrupted':
        failure = new RunEndedError(http.provider, 'ComfyUI run was interrupted before it finished', {
          transient: true,
          code: 'interrupted',
        });
        break;
    }
    wake?.();
  };
  socket?.onMessage(onMessage);
  socket?.onClose(() => {
    dropped = true;
    wake?.();
  });

  for (let round = 1; ; round += 1) {
    if (failure) throw failure;
    if (finished || dropped || round % HISTORY_CHECK_EVERY === 0) {
      const entry = await api.history(promptId, signal);
      if (entry) return checkEntry(http, entry);
    }
    await Promise.race([
      options.sleep(options.pollIntervalMs, signal),
      new Promise<void>((resolve) => {
        wake = resolve;
      }),
    ]);
    wake = null;
  }
}

/** The last image the workflow's SaveImage nodes wrote. */
export function resultImage(http: HttpClient, entry: HistoryEntry, outputNodes: string[]): ComfyImageRef {
  const preferred = outputNodes.length ? outputNodes : Object.keys(entry.outputs);
  const images = preferred
    .flatMap((id) => entry.outputs[id]?.images ?? [])
    .filter((image) => typeof image?.filename === 'string' && image.type !== 'temp');
  const last = images.at(-1);
  if (!last) throw http.error('ComfyUI finished the run without an image from its SaveImage node', { transient: false });
  return { filename: last.filename, subfolder: last.subfolder ?? '', type: last.type ?? 'output' };
}

function checkEntry(http: HttpClient, entry: HistoryEntry): HistoryEntry {
  if (entry.status?.status_str !== 'error') return entry;
  const error = entry.status.messages?.find(([type]) => type === 'execution_error')?.[1] ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  throw executionError(
    http,
    text(error.node_type),
    text(error.node_id),
    text(error.exception_type) ?? 'Error',
    text(error.exception_message)?.trim() ?? 'no message',
  );
}

function executionError(
  http: HttpClient,
  nodeType: string | null,
  node: string | null,
  exceptionType: string,
  exceptionMessage: string,
): RunEndedError {
  const where = nodeType ? ` in ${nodeType}${node ? ` (node ${node})` : ''}` : '';
  // Running out of GPU memory depends on what else runs at the time; a later attempt may well fit.
  const transient = /OutOfMemory|out of memory/i.test(`${exceptionType} ${exceptionMessage}`);
  return new RunEndedError(http.provider, http.redact(`ComfyUI run failed${where}: ${exceptionType}: ${exceptionMessage}`), {
    transient,
    code: 'execution_error',
  });
}
