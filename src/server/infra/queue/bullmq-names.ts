// What the web instances (producers) and the worker processes (consumers) of the BullMQ tier must agree on.
import { Redis, type RedisOptions } from 'ioredis';
import type { StoredJob } from './job-queue';

/** One BullMQ queue per provider, so each provider gets its own concurrency limit across all workers. */
export const renderQueueName = (provider: string) => `render-${provider}`;

/** What a BullMQ job carries: the jobs row (the source of truth for its state) and the handler's payload. */
export type BullmqJobData = { rowId: string } & StoredJob;

/** BullMQ retries a failed attempt after 2 s, 4 s, 8 s… (the render job decides what is worth retrying). */
export const RETRY_BACKOFF = { type: 'exponential', delay: 2_000 } as const;

/**
 * A Redis connection from REDIS_URL. Workers block on Redis and must wait for it (`maxRetriesPerRequest: null`, as
 * BullMQ requires); web instances fail fast instead, so a request never hangs on a Redis outage.
 */
export function createRedis(url: string, purpose: 'worker' | 'web'): Redis {
  const options: RedisOptions = { maxRetriesPerRequest: purpose === 'worker' ? null : 1 };
  return new Redis(url, options);
}
