// The process entry: read the config, build the app, listen, and shut down cleanly on a signal.
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/**
 * A job or a mail that cannot finish by then (a slow AI provider, a hung SMTP server) is left to its lease:
 * the next worker takes it over once the lease runs out (decision 014). Under Kubernetes' default 30 s.
 */
const SHUTDOWN_TIMEOUT_MS = 25_000;
const IDLE_SWEEP_MS = 200;

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error(
        { timeoutMs: SHUTDOWN_TIMEOUT_MS },
        'shutdown timed out; unfinished jobs and mail return to the queue when their leases run out',
      );
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    // Claim no new job or mail from now on; the ones running finish (app.close waits for them in onClose),
    // and the rest stay queued for the next start instead of being started while the server drains.
    // Render progress streams would hold the HTTP server's close forever (a queued render's stream waits
    // for a start that will not come here): once this process's renders are done, however long that takes
    // on a loaded machine, each stream sends its last state and ends; browsers reconnect to the successor.
    void app.queue.stop().then(() => app.renderStreams.finishAll());
    void app.mailer.stop();
    // A keep-alive connection whose last answer went out after the close began would hold it as well.
    setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`MetroWest AI Home Renovations is running at ${config.publicUrl} (${config.database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
