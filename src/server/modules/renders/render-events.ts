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
};

export function createRenderEvents(): RenderEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const running = new Map<string, AbortController>();
  return {
    track(renderId) {
      const controller = new AbortController();
      running.set(renderId, controller);
      return { signal: controller.signal, done: () => running.delete(renderId) };
    },
    cancel(renderId) {
      const controller = running.get(renderId);
      controller?.abort(new Error('Cancelled by the homeowner.'));
      return Boolean(controller);
    },
    publish: (renderId) => emitter.emit(renderId),
    subscribe(renderId, listener) {
      emitter.on(renderId, listener);
      return () => emitter.off(renderId, listener);
    },
  };
}
