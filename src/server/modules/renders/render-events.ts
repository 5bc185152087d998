// Live render progress inside one process: the job publishes, server-sent event streams listen.
// Streams also read the row when they connect, so a reconnect or another instance sees the current state.
import { EventEmitter } from 'node:events';

export type RenderEvents = {
  publish: (renderId: string) => void;
  subscribe: (renderId: string, listener: () => void) => () => void;
};

export function createRenderEvents(): RenderEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (renderId) => emitter.emit(renderId),
    subscribe(renderId, listener) {
      emitter.on(renderId, listener);
      return () => emitter.off(renderId, listener);
    },
  };
}
