// Which queue runs render jobs: with REDIS_URL, BullMQ (workers in `npm run worker` processes, events through
// Redis pub/sub); without it, the database queue inside this process. Both sit behind the same types, so the
// routes and the render job do not know which one they have.
import type { Redis } from 'ioredis';
import { AI_ENGINE_IDS, type AiEngineId } from '#shared/constants';
import type { Config } from '#server/config';
import type { Db } from '#server/db/database';
import type { EngineRegistry } from '#server/engines/registry';
import { createBullmqJobQueue } from '#server/infra/queue/bullmq-job-queue';
import { createRedis } from '#server/infra/queue/bullmq-names';
import { createDatabaseJobQueue, type JobHandler, type JobQueue } from '#server/infra/queue/database-job-queue';
import type { Storage } from '#server/infra/storage/storage';
import { createRedisRenderEvents } from './redis-render-events';
import { createRenderEvents, type RenderEvents } from './render-events';
import { createRenderJobHandler, RENDER_QUEUE, type RenderJobPayload } from './render-job';
import type { Log } from '#server/infra/log';
import type { DomainEvents } from '#server/infra/domain-events';

/** The concurrency setting (RENDER_CONCURRENCY_*) for a provider name as stored with renders. */
export function concurrencyFor(config: Pick<Config, 'queue'>, provider: string): number {
  const key = provider === 'offline-preview' ? 'offline' : provider;
  return config.queue.concurrency[key as keyof Config['queue']['concurrency']] ?? 1;
}

/** The providers the engines are bound to: one BullMQ queue each. */
export function providersInUse(registry: EngineRegistry): string[] {
  return [...new Set(AI_ENGINE_IDS.map((engine) => registry.providerFor(engine).name))];
}

/** Events for this process: through Redis when there is a worker tier, in memory otherwise. */
export async function createEventsFor(
  config: Pick<Config, 'redisUrl' | 'queue'>,
  log: Log,
): Promise<{ events: RenderEvents; close: () => Promise<void> }> {
  if (!config.redisUrl) return { events: createRenderEvents(), close: async () => undefined };
  const publisher = createRedis(config.redisUrl, 'web');
  const subscriber = createRedis(config.redisUrl, 'web');
  const events = await createRedisRenderEvents({ publisher, subscriber, prefix: config.queue.prefix, log });
  return {
    events,
    async close() {
      await events.close();
      await Promise.all([publisher.quit(), subscriber.quit()].map((quit) => quit.catch(() => undefined)));
    },
  };
}

export type RenderQueueDeps = {
  config: Config;
  db: Db;
  storage: Storage;
  registry: EngineRegistry;
  events: RenderEvents;
  domainEvents: DomainEvents;
  log: Log;
};

/** The web instance's queue: it runs render jobs itself (database queue) or hands them to workers (BullMQ). */
export function createRenderQueue({ config, db, storage, registry, events, domainEvents, log }: RenderQueueDeps): {
  queue: JobQueue;
  close: () => Promise<void>;
} {
  if (!config.redisUrl) {
    const handler: JobHandler = createRenderJobHandler({ db, storage, registry, events, domainEvents, log });
    return { queue: createDatabaseJobQueue({ db, handlers: { [RENDER_QUEUE]: handler }, log }), close: async () => undefined };
  }
  const redis: Redis = createRedis(config.redisUrl, 'web');
  const queue = createBullmqJobQueue({
    db,
    redis,
    prefix: config.queue.prefix,
    queues: [RENDER_QUEUE],
    providers: providersInUse(registry),
    providerFor: async (_queue, payload) => {
      const render = await db
        .selectFrom('renders')
        .select('engine')
        .where('id', '=', (payload as RenderJobPayload).renderId)
        .executeTakeFirst();
      return registry.providerFor((render?.engine ?? 'structural-design-ai') as AiEngineId).name;
    },
    jobIdFor: (payload) => (payload as RenderJobPayload).renderId,
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
