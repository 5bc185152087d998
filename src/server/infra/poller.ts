// The one loop behind every background worker of the web process (the mail sender, the database job queue,
// the upload retention purge): run a round now and then every intervalMs, one round at a time; a wake-up
// asks for a round at once. A wake-up during a round asks for one more round right after it: the running
// round may already have looked for work and found none (a render queued while the previous one was
// finishing waited for the next interval, 250 ms on average). Stop waits for the round in progress.
import type { Log } from './log';

export type Poller = {
  /** Runs a round now, then every intervalMs. Starting a started poller does nothing. */
  start: () => void;
  /** Stops the timer and waits for the round in progress. */
  stop: () => Promise<void>;
  /** A round now, unless stopped (after new work was committed). */
  wake: () => void;
  /** One round, started or not; resolves when it ends. For tests and for callers that must wait. */
  tick: () => Promise<void>;
  /** True while stop() waits: a round that loops over work should end after the item in hand. */
  stopping: () => boolean;
};

export type PollerOptions = {
  /** Names the poller in the log line of a failed round. */
  name: string;
  intervalMs: number;
  round: () => Promise<void>;
  log?: Pick<Log, 'error'>;
  /** Let the process exit while only this timer is left (a rare, slow task such as the purge). */
  unref?: boolean;
};

export function createPoller({ name, intervalMs, round, log, unref = false }: PollerOptions): Poller {
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let stopping = false;
  let running: Promise<void> | null = null;
  /** The one round asked for while another ran; wake-ups in the meantime share it. */
  let followUp: Promise<void> | null = null;

  function tick(): Promise<void> {
    if (running) {
      followUp ??= running.then(() => {
        followUp = null;
        return stopped ? undefined : tick();
      });
      return followUp;
    }
    running = round()
      .catch((error: unknown) => log?.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = null;
      });
    return running;
  }

  function wake() {
    if (!stopped) void tick();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(wake, intervalMs);
      if (unref) timer.unref();
      wake();
    },
    async stop() {
      stopped = true;
      stopping = true;
      clearInterval(timer);
      timer = undefined;
      try {
        await running;
      } finally {
        stopping = false;
      }
    },
    wake,
    tick,
    stopping: () => stopping,
  };
}
