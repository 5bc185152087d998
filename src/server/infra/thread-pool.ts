// A pool of worker threads for CPU work that would otherwise stall the event loop (decoding an iPhone photo, an
// offline render). Threads start with the first task and end after `idleTimeoutMs` without one, so a process that
// never needs them keeps none. At most one fewer than the machine's cores (one on one core): a core stays free for
// the event loop and sharp.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/** `worker`: the worker module's URL, a plain `.mjs` file whose default export runs one task. */
export function lazyThreadPool<Task, Result>(worker: URL, idleTimeoutMs: number): () => Piscina<Task, Result> {
  let pool: Piscina<Task, Result> | undefined;
  return () => {
    pool ??= new Piscina<Task, Result>({
      filename: worker.href,
      minThreads: 0,
      maxThreads: Math.max(1, availableParallelism() - 1),
      idleTimeout: idleTimeoutMs,
    });
    return pool;
  };
}
