// The web side of the BullMQ worker tier (REDIS_URL set): a job is first a row in the jobs table, written in the
// caller's transaction like the database queue's, then handed to BullMQ once that transaction has committed.
// The row stays the source of truth for the job's state; BullMQ only carries the work to a worker process.
// A hand-over lost between commit and Redis (a crash, a Redis blip) is repaired by a sweep that re-adds
// old queued rows: BullMQ ignores an add whose job id it already holds, so re-adding is harmless.
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Db } from '#server/db/database';
import { renderQueueName, RETRY_BACKOFF, type BullmqJobData } from './bullmq-names';
import { insertJobRow } from './database-job-queue';
import type { JobName, JobQueue, StoredJob } from './job-queue';
import type { Clock } from '#server/infra/clock';
import type { Log } from '#server/infra/log';

export type BullmqJobQueueOptions = {
  db: Db;
  redis: Redis;
  /** Key prefix in Redis, so deployments (and tests) sharing one Redis stay apart. */
  prefix: string;
  /** The job queues this instance may enqueue to (e.g. 'render'). */
  queues: JobName[];
  /** The provider that will run a job: one BullMQ queue per provider, each with its own concurrency. */
  providerFor: (job: StoredJob) => Promise<string>;
  /** Every provider BullMQ queue, for describe(). */
  providers: string[];
  /** BullMQ's job id: one job per render, so a render can never be queued twice. */
  jobIdFor: (job: StoredJob, rowId: string) => string;
  /** How old a queued row must be before the sweep re-adds it (default 15 s). */
  sweepAfterMs?: number;
  now?: Clock;
  log?: Pick<Log, 'error' | 'warn'>;
};

export function createBullmqJobQueue(options: BullmqJobQueueOptions): JobQueue {
  const { db, redis, prefix, now = () => new Date(), sweepAfterMs = 15_000 } = options;
  const bullQueues = new Map<string, Queue<BullmqJobData>>();
  const pending: Array<StoredJob & { rowId: string; maxAttempts: number }> = [];
  let sweeper: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const bullQueue = (provider: string) => {
    const name = renderQueueName(provider);
    let queue = bullQueues.get(name);
    if (!queue) {
      queue = new Queue<BullmqJobData>(name, { connection: redis, prefix });
      queue.on('error', (error) => options.log?.warn({ err: error, queue: name }, 'BullMQ queue error'));
      bullQueues.set(name, queue);
    }
    return queue;
  };

  async function handOver(jobs: Array<StoredJob & { rowId: string; maxAttempts: number }>) {
    for (const job of jobs) {
      await bullQueue(await options.providerFor(job)).add(
        job.queue,
        { rowId: job.rowId, queue: job.queue, payload: job.payload } as BullmqJobData,
        {
          jobId: options.jobIdFor(job, job.rowId),
          attempts: job.maxAttempts,
          backoff: RETRY_BACKOFF,
          removeOnComplete: { age: 3600, count: 1000 },
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      );
    }
  }

  function flush() {
    const batch = pending.splice(0);
    if (batch.length === 0) return flushing;
    flushing = flushing
      .then(() => handOver(batch))
      .catch((error: unknown) => options.log?.error({ err: error }, 'handing jobs to BullMQ failed; the sweep will retry'));
    return flushing;
  }

  async function sweep() {
    const before = new Date(now().getTime() - sweepAfterMs).toISOString();
    const rows = await db
      .selectFrom('jobs')
      .select(['id', 'queue', 'payload', 'max_attempts'])
      .where('queue', 'in', options.queues)
      .where('status', '=', 'queued')
      .where('updated_at', '<', before)
      .orderBy('created_at')
      .limit(500)
      .execute();
    await handOver(
      // Rows of this instance's queues only (the where above): the one place a stored row becomes a typed job.
      rows.map((row) => ({
        rowId: row.id,
        maxAttempts: row.max_attempts,
        ...({ queue: row.queue, payload: JSON.parse(row.payload) } as StoredJob),
      })),
    );
  }

  const sweepSafely = () => sweep().catch((error: unknown) => options.log?.error({ err: error }, 'BullMQ sweep failed'));

  return {
    async enqueue(executor, queue, payload, { maxAttempts = 3 } = {}) {
      if (!options.queues.includes(queue)) throw new Error(`No worker handles job queue "${queue}"`);
      const rowId = await insertJobRow(executor, queue, payload, maxAttempts, now().toISOString());
      // Handed over on wake(), after the caller's transaction commits; a rolled-back row is skipped by the worker.
      pending.push({ rowId, queue, payload, maxAttempts } as StoredJob & { rowId: string; maxAttempts: number });
      return rowId;
    },
    // Never rejects: a failed hand-over is logged and left to the sweep. Waits at most 2 s, so a slow or absent
    // Redis delays the answer a little and the sweep still repairs the hand-over.
    wake: () => Promise.race([flush(), new Promise<void>((resolve) => setTimeout(resolve, 2000).unref())]),
    start() {
      sweeper ??= setInterval(() => void sweepSafely(), sweepAfterMs);
    },
    async stop() {
      clearInterval(sweeper);
      sweeper = undefined;
      await flush();
      await Promise.all([...bullQueues.values()].map((queue) => queue.close()));
      bullQueues.clear();
    },
    async tick() {
      await flush();
      await sweepSafely();
    },
    async describe() {
      try {
        await redis.ping();
        let waiting = 0;
        let active = 0;
        let failed = 0;
        for (const provider of options.providers) {
          const counts = await bullQueue(provider).getJobCounts('waiting', 'delayed', 'prioritized', 'active', 'failed');
          waiting += (counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0);
          active += counts.active ?? 0;
          failed += counts.failed ?? 0;
        }
        return { kind: 'bullmq', healthy: true, waiting, active, failed };
      } catch (error) {
        options.log?.warn({ err: error }, 'BullMQ describe failed');
        return { kind: 'bullmq', healthy: false, waiting: 0, active: 0, failed: 0 };
      }
    },
  };
}
