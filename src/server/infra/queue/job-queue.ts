// The job queue's contract, whichever backend runs it (database-job-queue.ts by default, BullMQ with
// REDIS_URL; create-job-queue.ts chooses). Jobs are named and typed here: a queue name and its payload go
// together, so an enqueue with the wrong payload, or a handler reading the wrong one, does not compile.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import type { QueueStatus } from '#shared/back-office.schema';

/** Every kind of job, by queue name, with what its payload carries. A new kind of job is one line here. */
export type JobPayloads = {
  /** Run one render (the render row holds everything else). */
  render: { renderId: string };
};
export type JobName = keyof JobPayloads;
export const JOB_NAMES = ['render'] as const satisfies readonly JobName[];

export type JobContext = { jobId: string; attempt: number; maxAttempts: number };

export type JobHandler<N extends JobName = JobName> = {
  run: (payload: JobPayloads[N], context: JobContext) => Promise<void>;
  /** Called once when a job fails for good (last attempt failed, or its last worker died). */
  onGiveUp: (payload: JobPayloads[N], error: string) => Promise<void>;
};

/** The handlers a process runs, by queue name. */
export type JobHandlers = { [N in JobName]?: JobHandler<N> };

/** A job as stored: its queue and payload, read back from JSON at the one place a row becomes a job. */
export type StoredJob = { [N in JobName]: { queue: N; payload: JobPayloads[N] } }[JobName];

/** The handler for a stored job's queue, typed for its payload; undefined when this process has none. */
export function handlerFor(handlers: JobHandlers, queue: string): JobHandler | undefined {
  return (handlers as Record<string, JobHandler | undefined>)[queue];
}

export type JobQueue = {
  /** Adds a job inside the given transaction (or the plain connection). */
  enqueue: <N extends JobName>(
    executor: Kysely<Database> | Transaction<Database>,
    queue: N,
    payload: JobPayloads[N],
    options?: { maxAttempts?: number },
  ) => Promise<string>;
  /**
   * Looks for work now instead of at the next poll. The BullMQ queue resolves once the committed jobs are in
   * Redis, so a caller that awaits it answers only after the hand-over (an instance killed right after its
   * answer then leaves nothing for the sweep to repair).
   */
  wake: () => void | Promise<void>;
  start: () => void;
  /** Stops claiming, waits for running jobs to finish. */
  stop: () => Promise<void>;
  /** Runs one recovery-and-claim round; for tests. */
  tick: () => Promise<void>;
  /** What the admin System status shows: which queue runs the jobs, whether it answers, and its backlog. */
  describe: () => Promise<QueueDescription>;
};

/** How the System status tab describes the queue (its response schema, src/shared/back-office.schema.ts). */
export type QueueDescription = QueueStatus;
