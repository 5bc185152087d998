// The BullMQ worker tier against the Redis server at 127.0.0.1:6379: real `npm run worker` processes (the worker
// entry, spawned), the web app enqueuing through the API, and a fake Replicate they all call. Two workers share a
// burst with no render lost or submitted twice; a worker killed mid-render leaves it to the other, which resumes
// the same prediction instead of paying for a second one.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RenderState } from '#shared/render.schema';
import { startReplicateFake, TQDM, type ReplicateFake } from '../fakes/replicate-fake';
import { bearer, signUp } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `mwtest-${randomBytes(5).toString('hex')}`;
const redisUp = await new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  .connect()
  .then(() => true)
  .catch(() => false);

let fake: ReplicateFake;
let harness: TestApp & { databaseUrl?: string };
let token: string | undefined;
let uploadId: string;
const workers = new Set<ChildProcess>();

function workerEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: harness.dataDir,
    ...(harness.databaseUrl ? { DATABASE_URL: harness.databaseUrl } : { DATABASE_URL: '' }),
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    QUEUE_LOCK_MS: '2000',
    RENDER_CONCURRENCY_REPLICATE: '3',
    // Below the provider's limit of 3, so one worker cannot hold every slot of the burst.
    WORKER_CONCURRENCY: '2',
    ENGINE_STRUCTURAL_DESIGN_AI: 'replicate:adirik/interior-design',
    REPLICATE_API_TOKEN: fake.token,
    REPLICATE_BASE_URL: fake.url,
  };
}

/** Spawns the real worker entry and resolves once it says it is ready. */
async function startWorker(): Promise<ChildProcess & { workerId: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    env: workerEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.add(child);
  child.on('exit', () => workers.delete(child));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const workerId = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const ready = buffered.split('\n').find((line) => line.includes('render worker ready'));
      if (ready) resolve((JSON.parse(ready) as { workerId: string }).workerId);
    });
    child.on('exit', (code) => reject(new Error(`worker exited with ${code}: ${stderr}`)));
  });
  return Object.assign(child, { workerId });
}

async function stopWorker(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function startRender(): Promise<string> {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/renders',
    headers: bearer(token),
    payload: { uploadId, roomType: 'kitchen', engine: 'structural-design-ai', styleId: 'contemporary-luxe' },
  });
  expect(response.statusCode).toBe(200);
  return (response.json().render as RenderState).id;
}

async function renderRow(id: string) {
  return harness.app.database.db.selectFrom('renders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the queue admins see', () => {
  it('is the database queue without REDIS_URL, with its backlog counted', async () => {
    const local = await createTestApp({ overrides: { startWorker: false } });
    try {
      expect(await local.app.queue.describe()).toEqual({ kind: 'database', healthy: true, waiting: 0, active: 0, failed: 0 });
    } finally {
      await local.close();
    }
  }, 30_000);
});

describe.skipIf(!redisUp)('render workers through BullMQ and Redis', () => {
  beforeAll(async () => {
    fake = await startReplicateFake();
    harness = await createTestApp({
      env: {
        REDIS_URL,
        QUEUE_PREFIX: prefix,
        QUEUE_LOCK_MS: '2000',
        RENDER_CONCURRENCY_REPLICATE: '3',
        ENGINE_STRUCTURAL_DESIGN_AI: 'replicate:adirik/interior-design',
        REPLICATE_API_TOKEN: fake.token,
        REPLICATE_BASE_URL: fake.url,
      },
    });
    ({ token } = await signUp(harness.app, { email: 'workers@example.com', password: 'secret1' }));
    const photo = await readFile(path.resolve('../shared/fixtures/rooms/kitchen_2.jpg'));
    uploadId = (
      await harness.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...bearer(token), 'content-type': 'image/jpeg' },
        payload: photo,
      })
    ).json().upload.id;
  }, 60_000);

  afterAll(async () => {
    await Promise.all([...workers].map(stopWorker));
    await harness?.close();
    await fake?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }, 60_000);

  // A test that fails midway must not leave its workers running to take the next test's renders.
  afterEach(async () => {
    await Promise.all([...workers].map(stopWorker));
  }, 60_000);

  it('reports the BullMQ queue to admins', async () => {
    expect(await harness.app.queue.describe()).toMatchObject({ kind: 'bullmq', healthy: true });
  });

  it('two worker processes share a burst of renders: none lost, none run or submitted twice', async () => {
    // Each prediction takes a few polls, so the burst is in flight on both workers at once.
    fake.state.timeline = [
      { status: 'processing', logs: TQDM(5, 20) },
      { status: 'succeeded', logs: TQDM(20, 20) },
    ];
    const [first, second] = await Promise.all([startWorker(), startWorker()]);
    const createsBefore = fake.createRequests().length;
    const ids: string[] = [];
    for (let index = 0; index < 20; index += 1) ids.push(await startRender());

    const rows = await waitFor(
      'the burst to finish',
      () => Promise.all(ids.map(renderRow)),
      (all) => all.every((row) => row.status === 'succeeded' || row.status === 'failed'),
      90_000,
    );
    expect(rows.map((row) => [row.status, row.provider, Boolean(row.fallback)])).toEqual(ids.map(() => ['succeeded', 'replicate', false]));
    expect(fake.createRequests().length - createsBefore).toBe(20);
    // The job row is closed just after its render, so it is waited for rather than read once.
    const jobs = await waitFor(
      'every job row to close',
      () => harness.app.database.db.selectFrom('jobs').select(['status', 'attempts', 'locked_by']).execute(),
      (all) => all.filter((job) => job.status === 'succeeded').length === 20,
      30_000,
    );
    expect(jobs.filter((job) => job.status === 'succeeded' && job.attempts === 1)).toHaveLength(20);
    expect(new Set(jobs.map((job) => job.locked_by))).toEqual(new Set([first.workerId, second.workerId]));
    await Promise.all([stopWorker(first), stopWorker(second)]);
  }, 150_000);

  it('closing the progress modal reaches the worker through Redis and cancels the prediction', async () => {
    fake.state.timeline = [{ status: 'processing', logs: TQDM(3, 20) }];
    const worker = await startWorker();
    const id = await startRender();
    const running = await waitFor(
      'the prediction to start',
      () => renderRow(id),
      (row) => row.status === 'running' && row.provider_job_id !== null,
    );
    const cancelled = await harness.app.inject({ method: 'DELETE', url: `/api/renders/${id}`, headers: bearer(token) });
    expect(cancelled.statusCode).toBe(200);
    const row = await waitFor(
      'the render to stop',
      () => renderRow(id),
      (current) => current.status !== 'running',
    );
    expect(row).toMatchObject({ status: 'failed', error: 'Cancelled by the homeowner.' });
    expect(fake.cancelled).toContain(running.provider_job_id);
    await stopWorker(worker);
  }, 90_000);

  it('a worker killed mid-render leaves the render to another worker, which resumes the same prediction', async () => {
    // The prediction keeps running until the doomed worker is gone.
    fake.state.timeline = [{ status: 'processing', logs: TQDM(3, 20) }];
    const doomed = await startWorker();
    const createsBefore = fake.createRequests().length;
    const id = await startRender();
    const running = await waitFor(
      'the prediction to start',
      () => renderRow(id),
      (row) => row.status === 'running' && row.provider_job_id !== null,
    );
    const survivor = await startWorker();
    doomed.kill('SIGKILL');
    await new Promise((resolve) => doomed.once('exit', resolve));
    fake.state.timeline = [{ status: 'succeeded', logs: TQDM(20, 20) }];

    const row = await waitFor(
      'the render to finish on the other worker',
      () => renderRow(id),
      (current) => current.status === 'succeeded' || current.status === 'failed',
      90_000,
    );
    expect(row).toMatchObject({ status: 'succeeded', provider: 'replicate', provider_job_id: running.provider_job_id });
    expect(Boolean(row.fallback)).toBe(false);
    // Cost safety: one prediction for the render, picked up again by id.
    expect(fake.createRequests().length - createsBefore).toBe(1);
    const job = await waitFor(
      'the job row to close',
      () =>
        harness.app.database.db
          .selectFrom('jobs')
          .select(['status', 'attempts', 'locked_by'])
          .where('payload', '=', JSON.stringify({ renderId: id }))
          .executeTakeFirstOrThrow(),
      (current) => current.status === 'succeeded',
      30_000,
    );
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2, locked_by: survivor.workerId });
    await stopWorker(survivor);
  }, 150_000);
});
