// The process entry: read the config, build the app, listen, and shut down cleanly on a signal.
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/**
 * Render progress streams stay open while their render is queued; they would hold the HTTP server's close
 * forever. After this grace they are cut (browsers reconnect, to this instance's successor or another one).
 * A stream of a running render ends by itself when the render finishes.
 */
const STREAM_GRACE_MS = 3_000;
/**
 * A job or a mail that cannot finish by then (a slow AI provider, a hung SMTP server) is left to its lease:
 * the next worker takes it over once the lease runs out (decision 014). Under Kubernetes' default 30 s.
 */
const SHUTDOWN_TIMEOUT_MS = 25_000;

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
    void app.queue.stop();
    void app.mailer.stop();
    setTimeout(() => app.server.closeAllConnections(), STREAM_GRACE_MS).unref();
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
