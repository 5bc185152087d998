// `npm run worker`: a render worker process for the BullMQ tier (REDIS_URL required). Run any number, on any
// machine that reaches the same database, Redis and image storage (the S3 bucket, or a shared DATA_DIR) as
// the web instances.
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { createEngineRegistryFromConfig } from '#server/engines/registry';
import { startBullmqWorkers } from '#server/infra/queue/bullmq-worker';
import { createStorageFromConfig } from '#server/infra/storage/create-storage';
import { createRenderJobHandler, RENDER_QUEUE } from '#server/modules/renders/render-job';
import { concurrencyFor, createEventsFor, providersInUse } from '#server/modules/renders/render-queue';
import { createDomainEvents } from '#server/infra/domain-events';
import { refreshLeadScoresQuietly } from '#server/modules/scoring/refresh-lead-scores';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, base: { role: 'worker', pid: process.pid } });
  if (!config.redisUrl) throw new ConfigError('The render worker needs REDIS_URL (without it, the web server runs render jobs itself).');

  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const storage = createStorageFromConfig(config.storage);
  const registry = createEngineRegistryFromConfig(config);
  const renderEvents = await createEventsFor(config, log);
  // A finished render rescores its homeowner's leads, as in the web process.
  const domainEvents = createDomainEvents(log);
  domainEvents.on('lead.engaged', ({ target, at }) => refreshLeadScoresQuietly(database.db, target, log, at));
  const handler = createRenderJobHandler({
    db: database.db,
    storage,
    registry,
    events: renderEvents.events,
    domainEvents,
    log,
    dailyBudgetUsd: config.ai.dailyBudgetUsd,
  });
  const concurrency = Object.fromEntries(providersInUse(registry).map((provider) => [provider, concurrencyFor(config, provider)]));
  const workers = await startBullmqWorkers({
    db: database.db,
    redisUrl: config.redisUrl,
    prefix: config.queue.prefix,
    lockMs: config.queue.lockMs,
    handlers: { [RENDER_QUEUE]: handler },
    concurrency,
    perWorker: config.queue.perWorker,
    log,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'render worker finishing its jobs');
    await workers.close();
    await renderEvents.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // The integration tests and supervisors wait for this line.
  log.info({ workerId: workers.workerId, concurrency }, 'render worker ready');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
