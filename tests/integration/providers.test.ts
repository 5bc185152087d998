// A real AI provider bound by configuration, end to end through the API, against the local fake of
// Replicate's published HTTP API: the render completes with the provider's image, a failed prediction
// falls back to the offline preview (marked), and closing the progress modal cancels the prediction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderState } from '#shared/render.schema';
import { startReplicateFake, type ReplicateFake } from '../fakes/replicate-fake';
import { bearer, signUp } from '../helpers/auth';
import { uploadPhoto } from '../helpers/designs';
import { createTestApp, type TestApp } from '../helpers/test-app';

let fake: ReplicateFake;
let harness: TestApp;
let token: string | undefined;

beforeAll(async () => {
  fake = await startReplicateFake();
  harness = await createTestApp({
    env: {
      ENGINE_ARCHITECTURAL_VISION_ENGINE: 'replicate:black-forest-labs/flux-depth-pro',
      REPLICATE_API_TOKEN: fake.token,
      REPLICATE_BASE_URL: fake.url,
    },
  });
  ({ token } = await signUp(harness.app, { email: 'ai@example.com', password: 'secret1' }));
});
afterAll(async () => {
  await harness.close();
  await fake.close();
});

async function start(): Promise<RenderState> {
  const uploadId = await uploadPhoto(harness.app, bearer(token));
  return (
    await harness.app.inject({
      method: 'POST',
      url: '/api/renders',
      headers: bearer(token),
      payload: { uploadId, roomType: 'kitchen', engine: 'architectural-vision-engine', styleId: 'contemporary-luxe' },
    })
  ).json().render;
}

async function until(id: string, done: (render: RenderState) => boolean): Promise<RenderState> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const render = (await harness.app.inject({ method: 'GET', url: `/api/renders/${id}`, headers: bearer(token) })).json()
      .render as RenderState;
    if (done(render)) return render;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('render did not reach the expected state');
}

describe('a Replicate-bound engine', () => {
  it('renders with the provider and submits one prediction', async () => {
    const before = fake.createRequests().length;
    const render = await until((await start()).id, (state) => state.status === 'succeeded' || state.status === 'failed');
    expect(render).toMatchObject({ status: 'succeeded', provider: 'replicate', fallback: false });
    expect(fake.createRequests().length - before).toBe(1);
    expect(fake.createRequests().at(-1)!.path).toBe('/v1/models/black-forest-labs/flux-depth-pro/predictions');
  });

  it('falls back to the offline preview, marked, when the prediction fails', async () => {
    fake.state.timeline = [{ status: 'failed', error: 'CUDA out of memory' }];
    try {
      const render = await until((await start()).id, (state) => state.status === 'succeeded' || state.status === 'failed');
      expect(render).toMatchObject({ status: 'succeeded', provider: 'offline-preview', fallback: true });
      expect(render.error).toContain('CUDA out of memory');
    } finally {
      fake.state.timeline = [{ status: 'succeeded' }];
    }
  });

  it('cancels the prediction when the homeowner closes the progress modal', async () => {
    fake.state.timeline = [{ status: 'processing', logs: 'working' }];
    try {
      const known = new Set(fake.predictions.keys());
      const started = await start();
      await until(started.id, (state) => state.status === 'running');
      // Wait until this render's own prediction exists at the provider and is being polled.
      while (![...fake.predictions.values()].some((prediction) => !known.has(prediction.id) && prediction.polls > 0)) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const cancelled = await harness.app.inject({ method: 'DELETE', url: `/api/renders/${started.id}`, headers: bearer(token) });
      expect(cancelled.statusCode).toBe(200);
      const render = await until(started.id, (state) => state.status === 'failed');
      expect(render.error).toBe('Cancelled by the homeowner.');
      expect(fake.cancelled.length).toBeGreaterThanOrEqual(1);
    } finally {
      fake.state.timeline = [{ status: 'succeeded' }];
    }
  });
});
