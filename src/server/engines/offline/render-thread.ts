// The offline engine off the main thread. A render is about 0.6 s of synchronous CPU for a 1920 px photo (the
// engine yields between its phases, but its pixel pass alone holds the thread for most of that); on the web
// process's thread every other request (pages, the render's own progress stream, other homeowners' uploads)
// would wait for it. Renders run in a pool of worker threads (offline-engine.worker.mjs) instead.
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { lazyThreadPool } from '#server/infra/thread-pool';
import type { OfflineRenderInput, OfflineRenderOutput } from './offline-engine';

type Task = { input: Omit<OfflineRenderInput, 'onProgress'>; progress: MessagePort };

/** Threads end a minute after the last render; a process that renders keeps its thread warm. */
const renderPool = lazyThreadPool<Task, OfflineRenderOutput>(new URL('./offline-engine.worker.mjs', import.meta.url), 60_000);

/**
 * renderOffline (offline-engine.ts) in a worker thread: the same output for the same input and seed. `signal`
 * stops a render that has not finished (its thread is ended and replaced), rejecting with an AbortError.
 */
export async function renderOfflineInThread(input: OfflineRenderInput, signal?: AbortSignal): Promise<OfflineRenderOutput> {
  const { onProgress, ...rest } = input;
  const channel = new MessageChannel();
  channel.port1.on('message', (event: Parameters<NonNullable<OfflineRenderInput['onProgress']>>[0]) => onProgress?.(event));
  try {
    const output = await renderPool().run({ input: rest, progress: channel.port2 }, { transferList: [channel.port2], signal });
    // The image crosses the thread boundary as a Uint8Array; callers expect a Buffer.
    return { ...output, image: Buffer.from(output.image.buffer, output.image.byteOffset, output.image.byteLength) };
  } finally {
    channel.port1.close();
  }
}
