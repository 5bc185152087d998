// `npm run loadtest`: the production build under load, on this machine. Seeds 2,000 leads with shared designs
// into a temp DATA_DIR (SQLite), starts the real server on it as its own process (`src/server/main.ts`, built
// client, rate limits off: every request comes from one IP here), so the load generator does not share its
// event loop, then
//   1. 100 concurrent connections for LOADTEST_SECONDS (default 60): 40 browsing pages (home, a town page,
//      try-ai), 30 reading the community feed as a signed-in homeowner's browser (session cookies), 30 reading the admin lists;
//      zero errors and zero non-2xx answers required;
//   2. a burst of 50 renders started at once by 50 homeowners, every one followed to completion: none lost.
// Prints throughput and p50/p99 latency per group. Exits 1 when a requirement is not met.
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { insertImagelessRender } from '../tests/helpers/imageless-upload';

const SECONDS = Number(process.env.LOADTEST_SECONDS ?? 60);
const RENDER_BURST = 50;
const ADMIN = { email: 'loadtest-admin@example.com', password: 'loadtest-admin-password' };
const PHOTO = path.resolve('../shared/fixtures/rooms/kitchen_1.jpg');

if (!existsSync('dist/client/index.html')) {
  console.error('The client is not built: run `npm run build` first.');
  process.exit(1);
}

/** A port nothing listens on now: the server's public URL (its trusted origin) must name it before start. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'mw-loadtest-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: base,
  RATE_LIMITS: 'off',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
});
const serverEnv = {
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: base,
  RATE_LIMITS: 'off',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
};
let server: ChildProcess | undefined;

async function startServer() {
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: serverEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const up = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start in 60 s');
}
let failed = false;

async function json(method: string, url: string, body?: unknown, token?: string) {
  const response = await fetch(base + url, {
    method,
    // A browser's Origin: better-auth refuses sign-up and sign-in without one in production.
    headers: {
      origin: base,
      ...(body instanceof Buffer ? { 'content-type': 'application/octet-stream' } : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : body instanceof Buffer ? new Uint8Array(body) : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

async function signUp(label: string) {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const response = await json('POST', '/api/auth/sign-up/email', { name: 'Load Tester', email, password: 'secret123' });
  const token = response.headers.get('set-auth-token')!;
  // Past the ZIP gate, as the browser takes every homeowner before an upload.
  await json('POST', '/api/zip/check', { zip: '01701' }, token);
  return token;
}

/** Seeds through the app's own database code, then closes it before the server process opens the file. */
async function seedLeads() {
  const app = await buildApp(config, { startWorker: false });
  const { db } = app.database;
  const renderId = await insertImagelessRender(db);
  for (let start = 0; start < 2000; start += 500) {
    await db
      .insertInto('leads')
      .values(
        Array.from({ length: 500 }, (_, offset) => ({
          id: randomUUID(),
          render_id: renderId,
          email: `lead${start + offset}@example.com`,
          zip: '01701',
          room_type: 'kitchen',
          style: 'Transitional',
          share_in_feed: true,
          image_url: '/x',
          ai_url: '/y',
          lead_score: (start + offset) % 100,
          created_at: new Date(Date.UTC(2026, 9, 1) + (start + offset) * 60_000).toISOString(),
        })),
      )
      .execute();
  }
  await app.close();
}

type Group = { name: string; connections: number; requests: { path: string; headers?: Record<string, string> }[] };

function run(group: Group): Promise<autocannon.Result> {
  return autocannon({
    url: base,
    connections: group.connections,
    duration: SECONDS,
    requests: group.requests.map((request) => ({ method: 'GET', ...request })),
  });
}

function report(name: string, result: autocannon.Result) {
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors > 0) failed = true;
  process.stdout.write(
    `${name.padEnd(22)} ${String(result.requests.total).padStart(7)} requests  ${result.requests.average.toFixed(0).padStart(5)} req/s  ` +
      `p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(5)} ms  errors ${errors}${errors > 0 ? '  NOT MET' : ''}\n`,
  );
}

async function renderBurst() {
  const photo = await readFile(PHOTO);
  const people = await Promise.all(Array.from({ length: RENDER_BURST }, () => signUp('burst')));
  const uploads = [];
  for (const token of people) {
    const response = await json('POST', '/api/uploads', photo, token);
    if (response.status !== 200) throw new Error(`upload answered ${response.status}: ${JSON.stringify(response.body)}`);
    uploads.push({ token, upload: response.body.upload as { id: string } });
  }
  const started = performance.now();
  const renders = await Promise.all(
    uploads.map(async ({ token, upload }) => {
      const response = await json(
        'POST',
        '/api/renders',
        { uploadId: upload.id, roomType: 'kitchen', engine: 'structural-design-ai', styleId: 'farmhouse-chic' },
        token,
      );
      return { token, id: (response.body.render as { id: string }).id };
    }),
  );
  const finished = await Promise.all(
    renders.map(async ({ token, id }) => {
      for (;;) {
        const render = (await json('GET', `/api/renders/${id}`, undefined, token)).body.render as { status: string };
        if (render.status === 'succeeded' || render.status === 'failed') return render.status;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }),
  );
  const succeeded = finished.filter((status) => status === 'succeeded').length;
  if (succeeded !== RENDER_BURST) failed = true;
  process.stdout.write(
    `render burst           ${RENDER_BURST} started at once, ${succeeded} succeeded, ${RENDER_BURST - succeeded} lost or failed, all done in ${((performance.now() - started) / 1000).toFixed(1)} s${succeeded === RENDER_BURST ? '' : '  NOT MET'}\n`,
  );
}

try {
  await seedLeads();
  await startServer();
  // The feed is read by browsers: the session rides in cookies, with better-auth's signed copy of it.
  const browserSignUp = await json('POST', '/api/auth/sign-up/email', {
    name: 'Load Tester',
    email: `feed-${randomUUID().slice(0, 8)}@example.com`,
    password: 'secret123',
  });
  const homeownerCookies = browserSignUp.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const admin = (await json('POST', '/api/auth/sign-in/email', ADMIN)).headers.get('set-auth-token')!;
  const groups: Group[] = [
    { name: 'pages', connections: 40, requests: [{ path: '/' }, { path: '/framingham-ma-ai-home-renovations' }, { path: '/try-ai' }] },
    { name: 'feed (signed in)', connections: 30, requests: [{ path: '/api/feed', headers: { cookie: homeownerCookies } }] },
    {
      name: 'admin lists',
      connections: 30,
      requests: [
        { path: '/api/admin/get-all-leads?page=1&pageSize=50', headers: { authorization: `Bearer ${admin}` } },
        { path: '/api/admin/get-dashboard-summary?dateRange=30d', headers: { authorization: `Bearer ${admin}` } },
      ],
    },
  ];
  process.stdout.write(
    `load test: ${groups.reduce((sum, group) => sum + group.connections, 0)} concurrent connections for ${SECONDS} s against ${base} (production build, SQLite)\n`,
  );
  const results = await Promise.all(groups.map(run));
  groups.forEach((group, index) => report(group.name, results[index]));
  await renderBurst();
} finally {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server!.once('exit', resolve));
  }
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
