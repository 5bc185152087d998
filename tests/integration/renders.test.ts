// Uploads and renders through the HTTP API: the upload catalogue errors, the durable render pipeline,
// the blurred-until-email rule, the seed's generate endpoints, provider fallback and crash recovery.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_ERRORS } from '#shared/messages';
import type { RenderState } from '#shared/render.schema';
import { createEngineRegistry } from '#server/engines/registry';
import { pngDeclaring } from '../fakes/upload-test-images';
import { bearer, signIn, signUp } from '../helpers/auth';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';

const fixture = (name: string) => readFile(path.resolve('../shared/fixtures/rooms', name));

let harness: TestApp;
let token: string | undefined;
let otherToken: string | undefined;
beforeAll(async () => {
  harness = await createTestApp();
  ({ token } = await signUp(harness.app, { email: 'renderer@example.com', password: 'secret1' }));
  ({ token: otherToken } = await signUp(harness.app, { email: 'someone-else@example.com', password: 'secret1' }));
});
afterAll(() => harness.close());

async function upload(data: Buffer, auth = token) {
  return harness.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...bearer(auth), 'content-type': 'application/octet-stream' },
    payload: data,
  });
}

async function waitForRender(id: string, auth = token): Promise<RenderState> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const response = await harness.app.inject({ method: 'GET', url: `/api/renders/${id}`, headers: bearer(auth) });
    const render = response.json().render as RenderState;
    if (render.status === 'succeeded' || render.status === 'failed') return render;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('render did not finish');
}

describe('POST /api/uploads', () => {
  it('normalises a real photo and serves it back to its owner only', async () => {
    const response = await upload(await fixture('living_room_12mp.jpg'));
    expect(response.statusCode).toBe(200);
    const { upload: stored } = response.json();
    expect(stored.format).toBe('jpeg');
    expect(Math.max(stored.processedDimensions.width, stored.processedDimensions.height)).toBe(1920);

    const own = await harness.app.inject({ method: 'GET', url: stored.imageUrl, headers: bearer(token) });
    expect(own.headers['content-type']).toBe('image/jpeg');
    const other = await harness.app.inject({ method: 'GET', url: stored.imageUrl, headers: bearer(otherToken) });
    expect(other.statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'content-type': 'image/jpeg' },
      payload: await fixture('kitchen_1.jpg'),
    });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['a file over 5 MB', () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024 - 2)]), 'FILE_TOO_LARGE', 413],
    ['a text file named .jpg', () => Buffer.from('this is not an image'), 'INVALID_FORMAT', 415],
    ['a truncated JPEG', async () => (await fixture('kitchen_1.jpg')).subarray(0, 2048), 'LOAD_FAILED', 422],
    ['a decompression bomb (30000×30000 declared)', () => pngDeclaring(30_000, 30_000), 'PROCESSING_FAILED', 422],
  ] as const)('refuses %s with the catalogue error and stores nothing', async (_label, make, code, status) => {
    const before = await harness.app.database.db.selectFrom('uploads').select('id').execute();
    const response = await upload(await make());
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ success: false, error: UPLOAD_ERRORS[code], code });
    expect(await harness.app.database.db.selectFrom('uploads').select('id').execute()).toHaveLength(before.length);
  });
});

describe('renders', () => {
  it('runs a preset render to completion with a blurred preview and keeps the full image locked until the email step', async () => {
    const { upload: stored } = (await upload(await fixture('kitchen_1.jpg'))).json();
    const started = await harness.app.inject({
      method: 'POST',
      url: '/api/renders',
      headers: bearer(token),
      payload: { uploadId: stored.id, roomType: 'kitchen', engine: 'structural-design-ai', styleId: 'farmhouse-chic' },
    });
    expect(started.statusCode).toBe(200);
    const done = await waitForRender(started.json().render.id);
    expect(done).toMatchObject({
      status: 'succeeded',
      stage: 'complete',
      percent: 100,
      provider: 'offline-preview',
      fallback: false,
      resultUrl: null,
    });

    const preview = await harness.app.inject({ method: 'GET', url: done.previewUrl!, headers: bearer(token) });
    const previewSize = await sharp(preview.rawPayload).metadata();
    expect(Math.max(previewSize.width!, previewSize.height!)).toBeLessThanOrEqual(640);

    const locked = await harness.app.inject({ method: 'GET', url: `/api/renders/${done.id}/result`, headers: bearer(token) });
    expect(locked.statusCode).toBe(403);
    const admin = await signIn(harness.app, TEST_ADMIN);
    expect(
      (await harness.app.inject({ method: 'GET', url: `/api/renders/${done.id}/result`, headers: bearer(admin.token) })).statusCode,
    ).toBe(200);

    await harness.app.database.db.updateTable('renders').set({ released_at: new Date().toISOString() }).where('id', '=', done.id).execute();
    const released = await harness.app.inject({ method: 'GET', url: `/api/renders/${done.id}/result`, headers: bearer(token) });
    expect(released.statusCode).toBe(200);
    expect((await sharp(released.rawPayload).metadata()).width).toBe(stored.processedDimensions.width);

    const user = await harness.app.database.db
      .selectFrom('users')
      .select(['id', 'ai_renderings_count'])
      .where('email', '=', 'renderer@example.com')
      .executeTakeFirstOrThrow();
    expect(user.ai_renderings_count).toBeGreaterThanOrEqual(1);
    const event = await harness.app.database.db
      .selectFrom('user_events')
      .select('metadata')
      .where('user_id', '=', user.id)
      .where('event_type', '=', 'ai_render')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.metadata)).toMatchObject({ room_type: 'kitchen', style: 'Farmhouse Chic', success: true });
  });

  it('accepts custom text without a preset, and refuses neither', async () => {
    const { upload: stored } = (await upload(await fixture('living_room_1.jpg'))).json();
    const custom = await harness.app.inject({
      method: 'POST',
      url: '/api/renders',
      headers: bearer(token),
      payload: {
        uploadId: stored.id,
        roomType: 'living_room',
        engine: 'architectural-vision-engine',
        customPrompt: 'navy walls and white oak floors',
      },
    });
    expect((await waitForRender(custom.json().render.id)).status).toBe('succeeded');
    const neither = await harness.app.inject({
      method: 'POST',
      url: '/api/renders',
      headers: bearer(token),
      payload: { uploadId: stored.id, roomType: 'living_room', engine: 'structural-design-ai', customPrompt: '   ' },
    });
    expect(neither.statusCode).toBe(400);
  });

  it("refuses someone else's upload and hides someone else's render", async () => {
    const { upload: stored } = (await upload(await fixture('bedroom_1.jpg'))).json();
    const foreign = await harness.app.inject({
      method: 'POST',
      url: '/api/renders',
      headers: bearer(otherToken),
      payload: { uploadId: stored.id, roomType: 'bedroom', engine: 'structural-design-ai', styleId: 'modern-zen' },
    });
    expect(foreign.statusCode).toBe(404);
    const mine = await harness.app.inject({
      method: 'POST',
      url: '/api/renders',
      headers: bearer(token),
      payload: { uploadId: stored.id, roomType: 'bedroom', engine: 'structural-design-ai', styleId: 'modern-zen' },
    });
    const id = mine.json().render.id;
    expect((await harness.app.inject({ method: 'GET', url: `/api/renders/${id}`, headers: bearer(otherToken) })).statusCode).toBe(404);
    expect((await harness.app.inject({ method: 'GET', url: `/api/renders/${id}/preview`, headers: bearer(otherToken) })).statusCode).toBe(
      404,
    );
    await waitForRender(id);
  });

  it('streams progress as server-sent events until the render completes', async () => {
    const { upload: stored } = (await upload(await fixture('dining_room_1.jpg'))).json();
    const started = await harness.app.inject({
      method: 'POST',
      url: '/api/renders',
      headers: bearer(token),
      payload: { uploadId: stored.id, roomType: 'dining_room', engine: 'structural-design-ai', styleId: 'cottage-garden' },
    });
    const id = started.json().render.id;
    const stream = await harness.app.inject({ method: 'GET', url: `/api/renders/${id}/events`, headers: bearer(token) });
    expect(stream.headers['content-type']).toBe('text/event-stream');
    const states = stream.body
      .split('\n\n')
      .filter((chunk) => chunk.startsWith('event: state'))
      .map((chunk) => JSON.parse(chunk.split('data: ')[1]) as RenderState);
    expect(states.at(-1)).toMatchObject({ status: 'succeeded', percent: 100 });
    const percents = states.map((state) => state.percent);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
  });
});

describe("the seed's generate endpoints", () => {
  it.each(['/api/generate-stable-diffusion', '/api/generate-architectural-vision'])(
    '%s answers success and generatedImageUrl',
    async (url) => {
      const imageData = `data:image/jpeg;base64,${(await fixture('home_office_1.jpg')).toString('base64')}`;
      const response = await harness.app.inject({
        method: 'POST',
        url,
        headers: bearer(token),
        payload: {
          imageData,
          roomType: 'home_office',
          selectedStyle: { id: 'modern-zen', name: 'Modern Zen', prompt: 'zen' },
          customPrompt: '',
          seed: 1234,
          aiEngine: 'structural-design-ai',
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, generatedImageUrl: expect.stringMatching(/^\/api\/renders\/.+\/preview$/) });
    },
  );

  it('refuses a data URL that is not an image with the catalogue message', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/generate-stable-diffusion',
      headers: bearer(token),
      payload: {
        imageData: `data:image/jpeg;base64,${Buffer.from('hello').toString('base64')}`,
        roomType: 'kitchen',
        selectedStyle: { id: 'transitional' },
        customPrompt: null,
        seed: 1,
      },
    });
    expect(response.json()).toEqual({ success: false, error: UPLOAD_ERRORS.INVALID_FORMAT, code: 'INVALID_FORMAT' });
  });
});

describe('failure and recovery', () => {
  it('falls back to the offline preview, marked, when the AI provider fails, and tracks a failed ai_render', async () => {
    const failing = {
      name: 'broken-ai',
      model: { key: 'broken-ai:model', displayName: 'Broken AI' },
      render: async () => Promise.reject(new Error('provider exploded')),
    };
    const local = await createTestApp({ overrides: { registry: createEngineRegistry({ 'architectural-vision-engine': failing }) } });
    try {
      const { token: localToken } = await signUp(local.app, { email: 'fallback@example.com', password: 'secret1' });
      const stored = (
        await local.app.inject({
          method: 'POST',
          url: '/api/uploads',
          headers: { ...bearer(localToken), 'content-type': 'image/jpeg' },
          payload: await fixture('kitchen_2.jpg'),
        })
      ).json().upload;
      const started = await local.app.inject({
        method: 'POST',
        url: '/api/renders',
        headers: bearer(localToken),
        payload: { uploadId: stored.id, roomType: 'kitchen', engine: 'architectural-vision-engine', styleId: 'contemporary-luxe' },
      });
      let render: RenderState = started.json().render;
      for (let i = 0; i < 600 && render.status !== 'succeeded' && render.status !== 'failed'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        render = (await local.app.inject({ method: 'GET', url: `/api/renders/${render.id}`, headers: bearer(localToken) })).json().render;
      }
      expect(render).toMatchObject({ status: 'succeeded', fallback: true, provider: 'offline-preview', error: 'provider exploded' });
      const event = await local.app.database.db
        .selectFrom('user_events')
        .select('metadata')
        .where('event_type', '=', 'ai_render')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(event.metadata).success).toBe(false);
    } finally {
      await local.close();
    }
  });

  it('resumes a render whose worker died, and fails visibly one that used all its attempts', async () => {
    const local = await createTestApp({ overrides: { startWorker: false } });
    try {
      const { token: localToken } = await signUp(local.app, { email: 'crash@example.com', password: 'secret1' });
      const stored = (
        await local.app.inject({
          method: 'POST',
          url: '/api/uploads',
          headers: { ...bearer(localToken), 'content-type': 'image/jpeg' },
          payload: await fixture('bedroom_1.jpg'),
        })
      ).json().upload;
      const start = () =>
        local.app.inject({
          method: 'POST',
          url: '/api/renders',
          headers: bearer(localToken),
          payload: { uploadId: stored.id, roomType: 'bedroom', engine: 'structural-design-ai', styleId: 'rustic-farmhouse' },
        });
      const resumable = (await start()).json().render.id as string;
      const exhausted = (await start()).json().render.id as string;
      const { db } = local.app.database;

      // Simulate a crash mid-render: both jobs 'running' under a dead worker's expired lease.
      const past = new Date(Date.now() - 60_000).toISOString();
      await db
        .updateTable('renders')
        .set({ status: 'running', progress: 40, phase: 'generation' })
        .where('id', 'in', [resumable, exhausted])
        .execute();
      await db
        .updateTable('jobs')
        .set({ status: 'running', locked_by: 'dead-worker', locked_until: past, attempts: 1 })
        .where('payload', 'like', `%${resumable}%`)
        .execute();
      await db
        .updateTable('jobs')
        .set({ status: 'running', locked_by: 'dead-worker', locked_until: past, attempts: 3, max_attempts: 3 })
        .where('payload', 'like', `%${exhausted}%`)
        .execute();

      await local.app.queue.tick();
      await local.app.queue.stop();

      const rows = await db.selectFrom('renders').select(['id', 'status', 'error']).where('id', 'in', [resumable, exhausted]).execute();
      const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
      expect(byId[resumable].status).toBe('succeeded');
      expect(byId[exhausted]).toMatchObject({ status: 'failed', error: 'The worker stopped while running this job.' });
      const stuck = await db.selectFrom('jobs').select('id').where('status', '=', 'running').execute();
      expect(stuck).toHaveLength(0);
    } finally {
      await local.close();
    }
  });

  it('writes the render and its job together', async () => {
    const jobsBefore = await harness.app.database.db.selectFrom('jobs').select('id').execute();
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/renders',
      headers: bearer(token),
      payload: { uploadId: randomUUID(), roomType: 'kitchen', engine: 'structural-design-ai', styleId: 'transitional' },
    });
    expect(response.statusCode).toBe(404);
    expect(await harness.app.database.db.selectFrom('jobs').select('id').execute()).toHaveLength(jobsBefore.length);
  });
});
