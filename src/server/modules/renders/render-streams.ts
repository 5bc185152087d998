// The render progress streams this process holds open. A shutdown ends them only once this process's own
// renders are done (main.ts): a stream then says how its render ended instead of being cut mid-render, and
// a stream of a queued render (which this process will not start any more) ends so the server can close;
// the browser reconnects to the instance that takes over.

/** Sends the stream's last state and ends it. */
type FinishStream = () => Promise<void>;

export type RenderStreams = {
  /** Registers an open stream; the returned function forgets it (call it when the stream ends by itself). */
  open: (finish: FinishStream) => () => void;
  /** Sends every open stream its last state and ends it. */
  finishAll: () => Promise<void>;
};

export function createRenderStreams(): RenderStreams {
  const open = new Set<FinishStream>();
  return {
    open(finish) {
      open.add(finish);
      return () => void open.delete(finish);
    },
    async finishAll() {
      await Promise.all([...open].map((finish) => finish()));
    },
  };
}
