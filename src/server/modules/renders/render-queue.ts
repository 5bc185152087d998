// The render side of the job queue: the render job's handler, which provider's BullMQ queue a render goes to,
// and the render progress events (through Redis pub/sub with a worker tier, in memory otherwise). Which queue
// backend runs the jobs is infra/queue/create-job-queue.ts's choice; routes and the render job never know.
import { AI_ENGINE_IDS, type AiEngineId } from '#shared/constants';
import type { Config } from '#server/config';
import type { Db } from '#server/db/database';
import type { EngineRegistry } from '#server/engines/registry';
import { createRedis } from '#server/infra/queue/bullmq-names';
import type { JobQueue } from '#server/infra/queue/job-queue';
import { createJobQueue } from '#server/infra/queue/create-job-queue';
import type { Storage } from '#server/infra/storage/storage';
import { createRedisRenderEvents } from './redis-render-events';
import { createRenderEvents, type RenderEvents } from './render-events';
import { createRenderJobHandler, RENDER_QUEUE } from './render-job';
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
  return createJobQueue({
    db,
    redisUrl: config.redisUrl,
    prefix: config.queue.prefix,
    handlers: {
      [RENDER_QUEUE]: createRenderJobHandler({
        db,
        storage,
        registry,
        events,
        domainEvents,
        log,
        dailyBudgetUsd: config.ai.dailyBudgetUsd,
      }),
    },
    providers: providersInUse(registry),
    providerFor: async (job) => {
      const render = await db.selectFrom('renders').select('engine').where('id', '=', job.payload.renderId).executeTakeFirst();
      return registry.providerFor((render?.engine ?? 'structural-design-ai') as AiEngineId).name;
    },
    jobIdFor: (job) => job.payload.renderId,
    log,
  });
}
