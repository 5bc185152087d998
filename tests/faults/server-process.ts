// The real server as a child process, for tests that kill it: `node --import tsx src/server/main.ts` on a
// free port with a given DATA_DIR (SQLite file), so a restart on the same DATA_DIR finds what the killed
// process left. One process, not the tsx CLI, which would put a second process between us and the server.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import SQLite from 'better-sqlite3';
import path from 'node:path';
import { TEST_ADMIN } from '../helpers/test-app';

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  /** Sends the signal and resolves with how the process ended and how long that took. */
  stop: (signal: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
};

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: path.resolve('.'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start (${child.exitCode}):\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    child,
    output: () => output,
    async stop(signal) {
      const startedAt = performance.now();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const [code, endedBy] = await exited;
      return { code, signal: endedBy, ms: Math.round(performance.now() - startedAt) };
    },
  };
}

/** JSON over HTTP with an optional bearer token; answers the status and the parsed body. */
export async function call(
  url: string,
  method: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined && !Buffer.isBuffer(body)) headers['content-type'] = 'application/json';
  if (Buffer.isBuffer(body)) headers['content-type'] = 'application/octet-stream';
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: response.headers };
}

export async function signUpOver(server: ServerProcess, email: string): Promise<string> {
  const response = await call(`${server.url}/api/auth/sign-up/email`, 'POST', undefined, {
    name: 'Fault Tester',
    email,
    password: 'secret1',
  });
  const token = response.headers.get('set-auth-token');
  if (!token) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.json)}`);
  // Past the ZIP gate, as the browser takes every homeowner before the upload.
  const zip = await call(`${server.url}/api/zip/check`, 'POST', token, { zip: '01701' });
  if (zip.json.approved !== true) throw new Error(`ZIP check failed: ${zip.status} ${JSON.stringify(zip.json)}`);
  return token;
}

export async function signInOver(server: ServerProcess, email: string, password: string): Promise<string> {
  const response = await call(`${server.url}/api/auth/sign-in/email`, 'POST', undefined, { email, password });
  const token = response.headers.get('set-auth-token');
  if (!token) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.json)}`);
  return token;
}

/** A second connection to the server's SQLite file, as an operator would open it; WAL lets both work. */
export function openDataDb(dataDir: string): SQLite.Database {
  const db = new SQLite(path.join(dataDir, 'app.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Polls `check` every 25 ms until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
