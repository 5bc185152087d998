// The worker side of the BullMQ tier: `npm run worker` processes take render jobs from Redis, one BullMQ queue
// per provider with that provider's concurrency limit shared by every worker (BullMQ global concurrency).
// The jobs row decides: a worker claims it before running (a cancelled or finished job is skipped), counts the
// attempt there, and writes the outcome there. A worker that dies mid-job loses its BullMQ lock; another worker
// gets the job back after the lock runs out and, once the row shows every attempt used, fails it visibly.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { UnrecoverableError, Worker, Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Db } from '#server/db/database';
import { createRedis, renderQueueName, type BullmqJobData } from './bullmq-names';
import { handlerFor, type JobHandlers } from './job-queue';
import type { Clock } from '#server/infra/clock';
import type { Log } from '#server/infra/log';

export const WORKER_DIED = 'The worker stopped while running this job.';

export type BullmqWorkersOptions = {
  db: Db;
  redisUrl: string;
  prefix: string;
  /** A dead worker's job is handed to another worker after this long without a lock renewal. */
  lockMs: number;
  handlers: JobHandlers;
  /** Provider name → renders it may run at once across all workers. */
  concurrency: Record<string, number>;
  /** Renders this process holds at once per provider; unset means the provider's whole limit. */
  perWorker?: number;
  now?: Clock;
  log?: Log;
};

export type BullmqWorkers = { workerId: string; close: () => Promise<void> };

export async function startBullmqWorkers(options: BullmqWorkersOptions): Promise<BullmqWorkers> {
  const { db, handlers, now = () => new Date() } = options;
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const iso = () => now().toISOString();

  async function runJob(job: Job<BullmqJobData>) {
    const { rowId, queue, payload } = job.data;
    const handler = handlerFor(handlers, queue);
    if (!handler) throw new UnrecoverableError(`No handler registered for job queue "${queue}"`);
    const row = await db.selectFrom('jobs').select(['status', 'attempts', 'max_attempts']).where('id', '=', rowId).executeTakeFirst();
    // Gone (its transaction rolled back), cancelled, or finished by an earlier delivery: nothing to do.
    if (!row || row.status === 'succeeded' || row.status === 'failed') return;
    // Still marked running with every attempt used: the workers that ran it died each time. Fail it visibly.
    if (row.status === 'running' && row.attempts >= row.max_attempts) {
      const updated = await db
        .updateTable('jobs')
        .set({ status: 'failed', locked_by: null, last_error: WORKER_DIED, updated_at: iso() })
        .where('id', '=', rowId)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) await handler.onGiveUp(payload, WORKER_DIED);
      return;
    }
    // The update re-checks the status it read, so two deliveries of one job cannot both claim it.
    const claimed = await db
      .updateTable('jobs')
      .set((eb) => ({ status: 'running', locked_by: workerId, attempts: eb('attempts', '+', 1), updated_at: iso() }))
      .where('id', '=', rowId)
      .where('status', '=', row.status)
      .where('attempts', '=', row.attempts)
      .returning(['attempts', 'max_attempts'])
      .executeTakeFirst();
    if (!claimed) return;
    try {
      await handler.run(payload, { jobId: rowId, attempt: claimed.attempts, maxAttempts: claimed.max_attempts });
      // locked_by is kept: which worker ran the job, for operators (and the tests).
      await db.updateTable('jobs').set({ status: 'succeeded', updated_at: iso() }).where('id', '=', rowId).execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const givingUp = claimed.attempts >= claimed.max_attempts;
      options.log?.error({ err: error, jobId: rowId, queue, attempt: claimed.attempts }, 'job failed');
      await db
        .updateTable('jobs')
        .set({ status: givingUp ? 'failed' : 'queued', locked_by: null, last_error: message, updated_at: iso() })
        .where('id', '=', rowId)
        .execute();
      if (!givingUp) throw error; // BullMQ retries it after its backoff
      await handler.onGiveUp(payload, message);
      throw new UnrecoverableError(message);
    }
  }

  const workers: Worker<BullmqJobData>[] = [];
  const connections: Redis[] = [];
  for (const [provider, concurrency] of Object.entries(options.concurrency)) {
    const name = renderQueueName(provider);
    const connection = createRedis(options.redisUrl, 'worker');
    connections.push(connection);
    // The limit holds across all worker processes, not per process.
    const queue = new Queue(name, { connection, prefix: options.prefix });
    await queue.setGlobalConcurrency(concurrency);
    await queue.close();
    const worker = new Worker<BullmqJobData>(name, runJob, {
      connection,
      prefix: options.prefix,
      // A worker that finishes a job fetches the next one at once, so a process allowed the whole global limit
      // keeps every slot of a burst; a lower cap leaves the other slots to the other processes.
      concurrency: Math.min(concurrency, options.perWorker ?? concurrency),
      lockDuration: options.lockMs,
      stalledInterval: options.lockMs,
      // Our claim counts every delivery against the job's attempts, so BullMQ never fails a stalled job on its own
      // (which would leave the row "running"); the claim above fails it visibly instead.
      maxStalledCount: 100,
    });
    worker.on('error', (error) => options.log?.warn({ err: error, queue: name }, 'BullMQ worker error'));
    worker.on('stalled', (jobId) => options.log?.warn({ jobId, queue: name }, 'job stalled: its worker stopped; retrying'));
    workers.push(worker);
  }
  options.log?.info({ workerId, queues: Object.keys(options.concurrency) }, 'render workers started');

  return {
    workerId,
    async close() {
      // Finish the jobs in hand, then let go of Redis.
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all(connections.map((connection) => connection.quit().catch(() => undefined)));
    },
  };
}
