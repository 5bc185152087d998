// Which backend runs the jobs: without REDIS_URL, the database queue inside this process (it runs the
// handlers itself); with it, BullMQ, which only hands jobs to `npm run worker` processes. Callers get the same
// JobQueue either way and never choose themselves.
import type { Redis } from 'ioredis';
import type { Db } from '#server/db/database';
import type { Log } from '#server/infra/log';
import { createBullmqJobQueue } from './bullmq-job-queue';
import { createRedis } from './bullmq-names';
import { createDatabaseJobQueue } from './database-job-queue';
import type { JobHandlers, JobName, JobQueue, StoredJob } from './job-queue';

export type JobQueueSetup = {
  db: Db;
  /** Set: jobs go to BullMQ under `prefix`; unset: this process runs them from the jobs table. */
  redisUrl?: string;
  prefix: string;
  /** What this process runs when the database queue is chosen (workers bring their own to BullMQ). */
  handlers: JobHandlers;
  /** For BullMQ: every provider's queue (one each, with its own concurrency), the one a job goes to, and the job's id. */
  providers: string[];
  providerFor: (job: StoredJob) => Promise<string>;
  jobIdFor: (job: StoredJob, rowId: string) => string;
  log: Log;
};

export function createJobQueue(setup: JobQueueSetup): { queue: JobQueue; close: () => Promise<void> } {
  const { db, handlers, log } = setup;
  if (!setup.redisUrl) return { queue: createDatabaseJobQueue({ db, handlers, log }), close: async () => undefined };
  const redis: Redis = createRedis(setup.redisUrl, 'web');
  const queue = createBullmqJobQueue({
    db,
    redis,
    prefix: setup.prefix,
    queues: Object.keys(handlers) as JobName[],
    providers: setup.providers,
    providerFor: setup.providerFor,
    jobIdFor: setup.jobIdFor,
    log,
  });
  return {
    queue,
    close: () =>
      redis.quit().then(
        () => undefined,
        () => undefined,
      ),
  };
}
