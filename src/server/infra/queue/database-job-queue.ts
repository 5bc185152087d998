// Durable jobs in the database (the embedded default; BullMQ on Redis is the scale-out choice).
// A job is a row written in the caller's transaction, so it exists before the request is answered.
// Workers claim rows with a lease and renew it while they work; a job whose lease runs out (its worker
// died) goes back to the queue, or fails visibly once it has used all its attempts.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '#server/db/database';
import type { Database } from '#server/db/schema';
import type { Clock } from '#server/infra/clock';
import type { Log } from '#server/infra/log';
import { createPoller } from '#server/infra/poller';
import { handlerFor, type JobHandlers, type JobName, type JobPayloads, type JobQueue, type StoredJob } from './job-queue';

export type JobQueueOptions = {
  db: Db;
  handlers: JobHandlers;
  concurrency?: number;
  pollIntervalMs?: number;
  leaseMs?: number;
  now?: Clock;
  log?: Pick<Log, 'error' | 'warn'>;
};

/** The jobs row every queue writes in the caller's transaction: the durable record of the job and its state. */
export async function insertJobRow<N extends JobName>(
  executor: Kysely<Database> | Transaction<Database>,
  queue: N,
  payload: JobPayloads[N],
  maxAttempts: number,
  at: string,
): Promise<string> {
  const id = randomUUID();
  await executor
    .insertInto('jobs')
    .values({ id, queue, payload: JSON.stringify(payload), max_attempts: maxAttempts, run_after: at, created_at: at, updated_at: at })
    .execute();
  return id;
}

/** Fails a job that no worker has claimed yet, whichever backend would run it (a claimed one runs on). */
export async function cancelQueuedJob<N extends JobName>(db: Db, queue: N, payload: JobPayloads[N], reason: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'failed', last_error: reason })
    .where('queue', '=', queue)
    .where('payload', '=', JSON.stringify(payload))
    .where('status', '=', 'queued')
    .execute();
}

export function createDatabaseJobQueue(options: JobQueueOptions): JobQueue {
  const { db, handlers, concurrency = 1, pollIntervalMs = 500, leaseMs = 20_000, now = () => new Date() } = options;
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const queues = Object.keys(handlers);
  const running = new Set<Promise<void>>();

  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();

  async function recoverAbandoned() {
    const abandoned = await db
      .selectFrom('jobs')
      .select(['id', 'queue', 'payload', 'attempts', 'max_attempts'])
      .where('status', '=', 'running')
      .where('locked_until', '<', iso())
      .execute();
    for (const job of abandoned) {
      const givingUp = job.attempts >= job.max_attempts;
      const updated = await db
        .updateTable('jobs')
        .set({
          status: givingUp ? 'failed' : 'queued',
          locked_by: null,
          locked_until: null,
          last_error: 'The worker stopped while running this job.',
          updated_at: iso(),
        })
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .where('locked_until', '<', iso())
        .executeTakeFirst();
      if (givingUp && Number(updated.numUpdatedRows) > 0) {
        await handlerFor(handlers, job.queue)?.onGiveUp(
          JSON.parse(job.payload) as StoredJob['payload'],
          'The worker stopped while running this job.',
        );
      }
    }
  }

  async function claim() {
    const candidate = await db
      .selectFrom('jobs')
      .select('id')
      .where('queue', 'in', queues)
      .where('status', '=', 'queued')
      .where('run_after', '<=', iso())
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return null;
    // Only one worker wins the row: the update re-checks the status under the database's row lock.
    const claimed = await db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        locked_by: workerId,
        locked_until: iso(leaseMs),
        attempts: eb('attempts', '+', 1),
        updated_at: iso(),
      }))
      .where('id', '=', candidate.id)
      .where('status', '=', 'queued')
      .returning(['id', 'queue', 'payload', 'attempts', 'max_attempts'])
      .executeTakeFirst();
    return claimed ?? null;
  }

  async function execute(job: { id: string; queue: string; payload: string; attempts: number; max_attempts: number }) {
    // claim() takes jobs of this process's queues only, so the handler is there.
    const handler = handlerFor(handlers, job.queue)!;
    const payload = JSON.parse(job.payload) as StoredJob['payload'];
    const heartbeat = setInterval(() => {
      void db
        .updateTable('jobs')
        .set({ locked_until: iso(leaseMs) })
        .where('id', '=', job.id)
        .where('locked_by', '=', workerId)
        .execute();
    }, leaseMs / 4);
    try {
      await handler.run(payload, { jobId: job.id, attempt: job.attempts, maxAttempts: job.max_attempts });
      await db
        .updateTable('jobs')
        .set({ status: 'succeeded', locked_by: null, locked_until: null, updated_at: iso() })
        .where('id', '=', job.id)
        .execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const givingUp = job.attempts >= job.max_attempts;
      options.log?.error({ err: error, jobId: job.id, queue: job.queue, attempt: job.attempts }, 'job failed');
      await db
        .updateTable('jobs')
        .set({
          status: givingUp ? 'failed' : 'queued',
          locked_by: null,
          locked_until: null,
          last_error: message,
          // Back off: 2 s, 4 s, 8 s… between attempts.
          run_after: iso(givingUp ? 0 : 1000 * 2 ** job.attempts),
          updated_at: iso(),
        })
        .where('id', '=', job.id)
        .execute();
      if (givingUp) await handler.onGiveUp(payload, message);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** One round: recover abandoned jobs, then start jobs while there is room; a finished job asks for the next round. */
  async function round() {
    await recoverAbandoned();
    while (running.size < concurrency) {
      const job = await claim();
      if (!job) break;
      const work = execute(job).catch((error: unknown) => options.log?.error({ err: error, jobId: job.id }, 'job bookkeeping failed'));
      running.add(work);
      void work.finally(() => {
        running.delete(work);
        poller.wake();
      });
    }
  }

  const poller = createPoller({ name: 'job queue poll', intervalMs: pollIntervalMs, round, log: options.log });

  return {
    async enqueue(executor, queue, payload, { maxAttempts = 3 } = {}) {
      if (!handlers[queue]) throw new Error(`No handler registered for job queue "${queue}"`);
      return insertJobRow(executor, queue, payload, maxAttempts, iso());
    },
    wake: poller.wake,
    start: poller.start,
    async stop() {
      await poller.stop();
      await Promise.all(running);
    },
    tick: poller.tick,
    async describe() {
      try {
        const rows = await db
          .selectFrom('jobs')
          .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
          .where('queue', 'in', queues)
          .groupBy('status')
          .execute();
        const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
        return { kind: 'database', healthy: true, waiting: count('queued'), active: count('running'), failed: count('failed') };
      } catch (error) {
        options.log?.error({ err: error }, 'job queue describe failed');
        return { kind: 'database', healthy: false, waiting: 0, active: 0, failed: 0 };
      }
    },
  };
}
