// Starts the end-to-end server (src/server/main.ts) and keeps everything it writes in E2E_SERVER_LOG, so
// that global-teardown.ts can grep the whole run's log for secrets. Its error output also reaches the
// terminal, so a server that fails to start says why. Signals are passed on, so it shuts down as in production.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

const log = createWriteStream(process.env.E2E_SERVER_LOG!);
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: ['ignore', 'pipe', 'pipe'] });
server.stdout.pipe(log);
server.stderr.on('data', (chunk: Buffer) => {
  log.write(chunk);
  process.stderr.write(chunk);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => log.end(() => process.exit(code ?? (signal ? 1 : 0))));
