// Live render progress inside one process: the job publishes, server-sent event streams listen; and
// the abort handles of the renders running here, so closing the progress modal stops paid work.
// Streams also read the row when they connect, so a reconnect or another instance sees the current state.
import { EventEmitter } from 'node:events';

export type RenderEvents = {
  publish: (renderId: string) => void;
  subscribe: (renderId: string, listener: () => void) => () => void;
  /** The abort signal of a render running in this process; cancel() aborts it. */
  track: (renderId: string) => { signal: AbortSignal; done: () => void };
  cancel: (renderId: string) => boolean;
  /** A provider called back about the render's remote job (a webhook): the running job looks at once. */
  remoteUpdated: (renderId: string) => void;
  onRemoteUpdate: (renderId: string, listener: () => void) => () => void;
};

const CANCEL_MEMORY_MS = 10 * 60_000;

export function createRenderEvents(): RenderEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const running = new Map<string, AbortController>();
  // A cancel can arrive after the job has claimed the render but before it starts the engine.
  const cancelRequested = new Set<string>();
  const abort = (controller: AbortController) => controller.abort(new Error('Cancelled by the homeowner.'));
  return {
    track(renderId) {
      const controller = new AbortController();
      running.set(renderId, controller);
      if (cancelRequested.has(renderId)) abort(controller);
      return {
        signal: controller.signal,
        done: () => {
          running.delete(renderId);
          cancelRequested.delete(renderId);
        },
      };
    },
    cancel(renderId) {
      cancelRequested.add(renderId);
      // A render that never starts here (another worker runs it) must not be remembered for ever.
      setTimeout(() => cancelRequested.delete(renderId), CANCEL_MEMORY_MS).unref();
      const controller = running.get(renderId);
      if (controller) abort(controller);
      return Boolean(controller);
    },
    publish: (renderId) => emitter.emit(renderId),
    subscribe(renderId, listener) {
      emitter.on(renderId, listener);
      return () => emitter.off(renderId, listener);
    },
    remoteUpdated: (renderId) => emitter.emit(`remote:${renderId}`),
    onRemoteUpdate(renderId, listener) {
      emitter.on(`remote:${renderId}`, listener);
      return () => emitter.off(`remote:${renderId}`, listener);
    },
  };
}
