// The multi-instance deployment, proven on one machine: two API instances (src/server/main.ts) and two render
// workers (src/server/worker.ts) as separate processes, each with its own empty DATA_DIR, sharing one fresh
// PostgreSQL database, one Redis prefix and one S3 bucket (s3rver in this process), with mail going to a real
// SMTP server in this process. Everything is driven over HTTP, as a browser or a load balancer would.
// The same processes as compose.yaml: web ×2, worker ×2, PostgreSQL, Redis, S3 and an SMTP catcher.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import { simpleParser, type ParsedMail } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderState } from '#shared/render.schema';
import { startReplicateFake, TQDM, type ReplicateFake } from '../fakes/replicate-fake';
import { freePort } from '../faults/server-process';
import { createTestDatabase, isPostgresReachable } from '../helpers/postgres';
import { S3RVER_CREDENTIALS, startS3Server, type TestS3Server } from '../helpers/s3-server';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
const redisUp = await probe.connect().then(
  () => true,
  () => false,
);
probe.disconnect();
const postgresUp = await isPostgresReachable();
if (process.env.CI === 'true' && !(redisUp && postgresUp)) throw new Error('the multi-instance test needs PostgreSQL and Redis on CI');

const prefix = `mwmulti-${randomBytes(5).toString('hex')}`;
const AUTH_SECRET = randomBytes(32).toString('base64url');
const ADMIN = { email: 'admin@multi.example.com', password: 'admin-secret-1' };
const HOMEOWNER = { name: 'Multi Owner', email: 'owner@multi.example.com', password: 'owner-secret-1' };
const FIXTURE = path.resolve('../shared/fixtures/rooms/kitchen_2.jpg');
/** Short, so a killed worker's job is re-delivered within seconds; long enough for a CPU-bound offline render. */
const QUEUE_LOCK_MS = 5000;

type Proc = { name: string; child: ChildProcess; output: () => string; startedMs: number; exited: Promise<unknown> };
type Api = Proc & { url: string };
type Worker = Proc & { workerId: string };

const processes: Proc[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
let database: { url: string; drop: () => Promise<void> };
let s3: TestS3Server;
let fake: ReplicateFake;
let smtp: { port: number; mails: ParsedMail[]; close: () => Promise<void> };
let sql: pg.Client;
let apiA: Api;
let apiB: Api;
let workers: Worker[];
/** Measured figures, printed at the end for docs/scale.md. */
const figures: Record<string, unknown> = {};

function sharedEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    QUEUE_LOCK_MS: String(QUEUE_LOCK_MS),
    AUTH_SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    // One engine renders offline on the workers' CPU; the other goes to a Replicate stand-in we can hold mid-render.
    ENGINE_ARCHITECTURAL_VISION_ENGINE: 'replicate:adirik/interior-design',
    ENGINE_STRUCTURAL_DESIGN_AI: 'offline',
    REPLICATE_API_TOKEN: fake.token,
    REPLICATE_BASE_URL: fake.url,
    ...s3.env,
  };
}

/** One process as `node --import tsx` (no tsx CLI in between, so a SIGKILL reaches the process itself). */
async function spawnProcess(name: string, entry: string, env: NodeJS.ProcessEnv): Promise<Proc> {
  // A DATA_DIR of its own: nothing may rely on another process's disk.
  const dataDir = await mkdtemp(path.join(tmpdir(), `mw-multi-${name}-`));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: path.resolve('.'),
    env: { ...sharedEnv(dataDir), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const proc = { name, child, output: () => output, startedMs: startedAt, exited };
  processes.push(proc);
  return proc;
}

async function startApi(name: string): Promise<Api> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = await spawnProcess(name, 'src/server/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
  });
  await waitFor(
    `${name} to answer /api/health`,
    async () => {
      if (proc.child.exitCode !== null) throw new Error(`${name} exited at start:\n${proc.output()}`);
      return (
        (await fetch(`${url}/api/health`).then(
          (response) => response.ok,
          () => false,
        )) || undefined
      );
    },
    90_000,
    100,
  );
  return { ...proc, url, startedMs: Math.round(performance.now() - proc.startedMs) };
}

async function startWorker(name: string): Promise<Worker> {
  const proc = await spawnProcess(name, 'src/server/worker.ts', { LOG_LEVEL: 'info' });
  const line = await waitFor(
    `${name} to be ready`,
    () => {
      if (proc.child.exitCode !== null) throw new Error(`${name} exited at start:\n${proc.output()}`);
      return proc
        .output()
        .split('\n')
        .find((text) => text.includes('render worker ready'));
    },
    90_000,
    100,
  );
  return {
    ...proc,
    workerId: (JSON.parse(line) as { workerId: string }).workerId,
    startedMs: Math.round(performance.now() - proc.startedMs),
  };
}

async function kill(proc: Proc, signal: NodeJS.Signals) {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill(signal);
  await proc.exited;
}

async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** JSON over HTTP with a bearer token and no Origin header (Node is not a browser on another origin). */
async function call(url: string, method: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (Buffer.isBuffer(body)) headers['content-type'] = 'image/jpeg';
  else if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown>;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    json = { text };
  }
  return { status: response.status, json, headers: response.headers };
}

async function signIn(api: Api, email: string, password: string): Promise<string> {
  const response = await call(`${api.url}/api/auth/sign-in/email`, 'POST', undefined, { email, password });
  const token = response.headers.get('set-auth-token');
  if (!token) throw new Error(`sign-in on ${api.name} failed: ${response.status} ${JSON.stringify(response.json)}`);
  return token;
}

async function upload(api: Api, token: string): Promise<string> {
  const response = await call(`${api.url}/api/uploads`, 'POST', token, await readFile(FIXTURE));
  expect(response.status).toBe(200);
  return (response.json.upload as { id: string }).id;
}

async function startRender(api: Api, token: string, uploadId: string, engine = 'structural-design-ai'): Promise<string> {
  const response = await call(`${api.url}/api/renders`, 'POST', token, {
    uploadId,
    roomType: 'kitchen',
    engine,
    styleId: 'contemporary-luxe',
  });
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  return (response.json.render as RenderState).id;
}

type Arrival = { at: number; state: RenderState };

/** Follows GET /api/renders/:id/events until the stream ends, noting when each state arrived (Date.now, ms). */
async function follow(api: Api, token: string, renderId: string): Promise<Arrival[]> {
  const response = await fetch(`${api.url}/api/renders/${renderId}/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(90_000),
  });
  expect(response.status).toBe(200);
  const arrivals: Arrival[] = [];
  const decoder = new TextDecoder();
  let buffered = '';
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    buffered += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const data = event.split('\n').find((line) => line.startsWith('data: '));
      if (data) arrivals.push({ at: Date.now(), state: JSON.parse(data.slice(6)) as RenderState });
    }
  }
  return arrivals;
}

async function renderRow(id: string) {
  const { rows } = await sql.query<{
    status: string;
    provider_job_id: string | null;
    completed_at: string | Date | null;
    result_key: string | null;
    processing_time_ms: number | null;
  }>('select status, provider_job_id, completed_at, result_key, processing_time_ms from renders where id = $1', [id]);
  return rows[0];
}

/** The jobs row is closed just after the render row the stream ends on, so wait for it. */
async function finishedJobOf(renderId: string) {
  return waitFor(
    'the job row to be closed',
    async () => {
      const job = await jobOf(renderId);
      return job && job.status !== 'running' && job.status !== 'queued' ? job : undefined;
    },
    10_000,
  );
}

async function jobOf(renderId: string) {
  const { rows } = await sql.query<{ status: string; attempts: number; locked_by: string | null }>(
    'select status, attempts, locked_by from jobs where payload = $1',
    [JSON.stringify({ renderId })],
  );
  return rows[0];
}

/** A real SMTP server that accepts everything and keeps the parsed mail. */
async function startSmtp() {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        mails.push(mail);
        callback();
      }, callback);
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe.skipIf(!redisUp || !postgresUp)('two API instances and two render workers on one PostgreSQL, Redis and S3 bucket', () => {
  let owner: string;

  beforeAll(async () => {
    [database, s3, fake, smtp] = await Promise.all([
      createTestDatabase(),
      startS3Server(`mw-multi-${randomBytes(3).toString('hex')}`),
      startReplicateFake(),
      startSmtp(),
    ]);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    // A first, alone, so the migrations run once before the others start (they would wait on its lock anyway).
    apiA = await startApi('api-a');
    [apiB, ...workers] = await Promise.all([startApi('api-b'), startWorker('worker-1'), startWorker('worker-2')]);
    figures.startMs = Object.fromEntries([apiA, apiB, ...workers].map((proc) => [proc.name, proc.startedMs]));
  }, 180_000);

  afterAll(async () => {
    // Workers first (SIGTERM lets them finish), then the web instances; anything stuck is killed.
    await Promise.all(processes.map((proc) => kill(proc, 'SIGTERM')));
    await sql?.end().catch(() => undefined);
    await Promise.all([database?.drop(), s3?.close(), fake?.close(), smtp?.close()].map((closing) => closing?.catch(() => undefined)));
    await Promise.all(cleanups.map((cleanup) => cleanup()));
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    // Printed for docs/scale.md (warn: the lint allows it, and Vitest shows it).
    console.warn('multi-instance figures', JSON.stringify(figures));
  }, 60_000);

  it('a homeowner uses A and B in turn: render through A, live progress and the email step through B, the lead seen by an admin on A', async () => {
    const signUp = await call(`${apiA.url}/api/auth/sign-up/email`, 'POST', undefined, HOMEOWNER);
    expect(signUp.status).toBe(200);
    owner = await signIn(apiA, HOMEOWNER.email, HOMEOWNER.password);
    expect((await call(`${apiA.url}/api/zip/check`, 'POST', owner, { zip: '01701' })).json).toMatchObject({ approved: true });
    // The session made on A is accepted on B (same database, same AUTH_SECRET).
    expect((await call(`${apiB.url}/api/auth/get-session`, 'GET', owner)).json).toMatchObject({ user: { email: HOMEOWNER.email } });

    const uploadId = await upload(apiA, owner);
    const startedAt = Date.now();
    const renderId = await startRender(apiA, owner, uploadId);
    const arrivals = await follow(apiB, owner, renderId);
    const last = arrivals.at(-1)!;
    expect(last.state).toMatchObject({ status: 'succeeded', provider: 'offline-preview', fallback: false });

    // Live, not only at the end: the worker's progress steps cross to B as they happen. The stream re-reads the
    // row once a second as a fallback, which could not show this many steps of a render this short.
    const running = arrivals.filter((arrival) => arrival.state.status === 'running');
    expect(new Set(running.map((arrival) => arrival.state.percent)).size).toBeGreaterThanOrEqual(3);
    const row = await renderRow(renderId);
    const completedAt = new Date(row.completed_at!).getTime();
    figures.firstRender = {
      endToEndMs: last.at - startedAt,
      processingMs: row.processing_time_ms,
      progressEventsOnB: running.length,
      completedToSseOnBMs: last.at - completedAt,
    };
    // The worker, not a web instance, ran it.
    expect(workers.map((worker) => worker.workerId)).toContain((await finishedJobOf(renderId)).locked_by);

    // The email step through B: the lead is made, the full image released, and the mail really sent.
    const email = await call(`${apiB.url}/api/send-email`, 'POST', owner, {
      email: HOMEOWNER.email,
      name: HOMEOWNER.name,
      phone: '508-555-0101',
      roomType: 'kitchen',
      subscribe: false,
      zipCode: '01701',
      selectedStyle: { id: 'contemporary-luxe', name: 'Contemporary Luxe' },
      designRequestId: renderId,
    });
    expect(email.status, JSON.stringify(email.json)).toBe(200);
    // A new address is confirmed first: the link in the confirmation mail, opened on A, sends the design email.
    const confirmation = await waitFor(
      'the confirmation mail at the SMTP server',
      () => smtp.mails.find((sent) => sent.subject?.includes('Confirm your email address')),
      60_000,
    );
    const link = new URL(/http:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(String(confirmation.text))![0]);
    const opened = await fetch(`${apiA.url}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    const mail = await waitFor(
      'the design email at the SMTP server',
      () => smtp.mails.find((sent) => sent.subject?.includes('preview is ready')),
      60_000,
    );
    expect(mail.to).toMatchObject({ text: expect.stringContaining(HOMEOWNER.email) });
    expect(mail.attachments.map((attachment) => attachment.cid)).toEqual(expect.arrayContaining(['before-image', 'after-image']));

    const admin = await signIn(apiA, ADMIN.email, ADMIN.password);
    const leads = await call(`${apiA.url}/api/admin/get-all-leads`, 'GET', admin);
    expect(leads.status).toBe(200);
    expect(leads.json.leads).toEqual([expect.objectContaining({ email: HOMEOWNER.email })]);

    // The rendered image is in the bucket, and both instances serve the same bytes from it.
    const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
    try {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `renders/${renderId}/` }));
      expect(listed.Contents?.map((object) => object.Key).sort()).toEqual([
        `renders/${renderId}/preview.jpg`,
        `renders/${renderId}/result.jpg`,
      ]);
      expect(row.result_key).toBe(`renders/${renderId}/result.jpg`);
      const stored = Buffer.from(
        await (await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: row.result_key! }))).Body!.transformToByteArray(),
      );
      for (const api of [apiA, apiB]) {
        const response = await fetch(`${api.url}/api/renders/${renderId}/result`, { headers: { authorization: `Bearer ${owner}` } });
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(stored)).toBe(true);
      }
    } finally {
      client.destroy();
    }
  });

  it('measures how fast progress crosses instances: render through B, followed on A', async () => {
    const uploadId = await upload(apiB, owner);
    const latencies: number[] = [];
    const totals: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const startedAt = Date.now();
      const renderId = await startRender(apiB, owner, uploadId);
      const arrivals = await follow(apiA, owner, renderId);
      const last = arrivals.at(-1)!;
      expect(last.state.status).toBe('succeeded');
      latencies.push(last.at - new Date((await renderRow(renderId)).completed_at!).getTime());
      totals.push(last.at - startedAt);
    }
    figures.completedToSseMs = latencies;
    figures.renderEndToEndMs = totals;
    // Through Redis pub/sub it is tens of milliseconds; the one-second re-read alone would average ~500 ms.
    expect(median(latencies)).toBeLessThan(300);
  });

  it('counts the sign-in limit across both instances: 5 failures on A and 5 on B, then the 11th is refused on either', async () => {
    const account = { email: 'limited@multi.example.com', password: 'wrong-password' };
    for (const api of [apiA, apiB]) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await call(`${api.url}/api/auth/sign-in/email`, 'POST', undefined, account)).status).toBe(401);
      }
    }
    const eleventhOnA = await call(`${apiA.url}/api/auth/sign-in/email`, 'POST', undefined, account);
    const twelfthOnB = await call(`${apiB.url}/api/auth/sign-in/email`, 'POST', undefined, account);
    expect([eleventhOnA.status, twelfthOnB.status]).toEqual([429, 429]);
    expect(eleventhOnA.json).toMatchObject({ code: 'RATE_LIMITED' });
    // The counters are under this deployment's prefix, so another deployment on the same Redis counts apart.
    const redis = new Redis(REDIS_URL);
    try {
      expect((await redis.keys(`${prefix}:rate:*sign-in-account:${account.email}*`)).length).toBe(1);
    } finally {
      await redis.quit();
    }
  });

  it('a worker killed mid-render loses nothing: the other worker takes the render over and resumes the same prediction', async () => {
    // The stand-in provider keeps the prediction running until the worker holding it is gone.
    fake.state.timeline = [{ status: 'processing', logs: TQDM(4, 20) }];
    const createsBefore = fake.createRequests().length;
    const uploadId = await upload(apiB, owner);
    const renderId = await startRender(apiB, owner, uploadId, 'architectural-vision-engine');
    const following = follow(apiA, owner, renderId);
    await waitFor('the prediction to start', async () => ((await renderRow(renderId)).provider_job_id ? true : undefined), 30_000);
    const doomed = await waitFor('a worker to hold the job', async () => {
      const job = await jobOf(renderId);
      return job?.status === 'running' ? workers.find((worker) => worker.workerId === job.locked_by) : undefined;
    });
    const survivor = workers.find((worker) => worker !== doomed)!;
    workers = [survivor];
    const killedAt = Date.now();
    await kill(doomed, 'SIGKILL');
    fake.state.timeline = [{ status: 'succeeded', logs: TQDM(20, 20) }];

    const arrivals = await following;
    expect(arrivals.at(-1)!.state).toMatchObject({ status: 'succeeded', provider: 'replicate', fallback: false });
    figures.workerTakeoverMs = arrivals.at(-1)!.at - killedAt;
    expect(await finishedJobOf(renderId)).toMatchObject({ status: 'succeeded', attempts: 2, locked_by: survivor.workerId });
    // One prediction paid for: the survivor picked it up by id.
    expect(fake.createRequests().length - createsBefore).toBe(1);
  });

  it('an API instance killed mid-render loses nothing: the render started through A finishes, followed on B', async () => {
    const uploadId = await upload(apiA, owner);
    const renderId = await startRender(apiA, owner, uploadId);
    const killedAt = Date.now();
    await kill(apiA, 'SIGKILL');
    expect(apiA.child.signalCode).toBe('SIGKILL');
    const arrivals = await follow(apiB, owner, renderId);
    expect(arrivals.at(-1)!.state).toMatchObject({ status: 'succeeded', provider: 'offline-preview' });
    // Within a render's time, not after the 15 s sweep: A handed the job to Redis before it answered.
    figures.apiKillToDoneMs = arrivals.at(-1)!.at - killedAt;
    expect(figures.apiKillToDoneMs).toBeLessThan(15_000);
    expect(await finishedJobOf(renderId)).toMatchObject({ status: 'succeeded', locked_by: workers[0].workerId });
    expect((await fetch(`${apiB.url}/api/renders/${renderId}/preview`, { headers: { authorization: `Bearer ${owner}` } })).status).toBe(
      200,
    );
  });
});
