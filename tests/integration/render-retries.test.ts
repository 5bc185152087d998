// Which provider failures a render job retries: only transient ones (rate limits, outages, timeouts), a bounded
// number of times with a backoff, before the seed's stand-in preview; refusals (422, content filtered, a failed
// prediction) are not retried: the render completes with the stand-in at once and keeps the provider's message.
import { afterEach, describe, expect, it } from 'vitest';
import type { RenderProvider } from '#server/engines/engine';
import { ProviderError } from '#server/engines/http/provider-error';
import { createEngineRegistry } from '#server/engines/registry';
import { bearer, signUp } from '../helpers/auth';
import { uploadPhoto } from '../helpers/designs';
import { createTestApp, type TestApp } from '../helpers/test-app';

let local: TestApp | undefined;
afterEach(async () => {
  await local?.close();
  local = undefined;
});

/** A provider that fails with the given errors in turn, counting its calls. */
function failingWith(...errors: Error[]): RenderProvider & { calls: number } {
  const provider = {
    name: 'scripted-ai',
    model: { key: 'scripted-ai:model', displayName: 'Scripted AI' },
    calls: 0,
    async render() {
      const error = errors[Math.min(provider.calls, errors.length - 1)];
      provider.calls += 1;
      throw error;
    },
  };
  return provider;
}

async function startRender(provider: RenderProvider) {
  local = await createTestApp({
    overrides: { startWorker: false, registry: createEngineRegistry({ 'architectural-vision-engine': provider }) },
  });
  const { token } = await signUp(local.app, { email: 'retry@example.com', password: 'secret1' });
  const uploadId = await uploadPhoto(local.app, bearer(token));
  const render = (
    await local.app.inject({
      method: 'POST',
      url: '/api/renders',
      headers: bearer(token),
      payload: { uploadId, roomType: 'kitchen', engine: 'architectural-vision-engine', styleId: 'contemporary-luxe' },
    })
  ).json().render;
  return { renderId: render.id as string, token };
}

const rows = async (renderId: string) => {
  const { db } = local!.app.database;
  const render = await db
    .selectFrom('renders')
    .select(['status', 'error', 'fallback', 'provider'])
    .where('id', '=', renderId)
    .executeTakeFirstOrThrow();
  const job = await db
    .selectFrom('jobs')
    .select(['status', 'attempts', 'run_after', 'last_error'])
    .where('payload', '=', JSON.stringify({ renderId }))
    .executeTakeFirstOrThrow();
  return { render, job };
};

describe('render job retries', () => {
  it('retries a transient failure after a backoff, and stands in with the preview once the attempts are used', async () => {
    const provider = failingWith(
      new ProviderError('scripted-ai', 'Scripted AI is rate limiting predictions (HTTP 429)', { transient: true, status: 429 }),
    );
    const { renderId } = await startRender(provider);
    const { db } = local!.app.database;

    await local!.app.queue.tick();
    await local!.app.queue.stop();
    let state = await rows(renderId);
    expect(provider.calls).toBe(1);
    expect(state.job).toMatchObject({ status: 'queued', attempts: 1, last_error: 'Scripted AI is rate limiting predictions (HTTP 429)' });
    // Backoff: the retry waits (2 s after the first attempt), it does not run at once.
    expect(Date.parse(state.job.run_after) - Date.now()).toBeGreaterThan(1_000);
    expect(state.render.status).toBe('running');

    for (const attempt of [2, 3]) {
      await db
        .updateTable('jobs')
        .set({ run_after: new Date(Date.now() - 1000).toISOString() })
        .where('status', '=', 'queued')
        .execute();
      local!.app.queue.start();
      await local!.app.queue.tick();
      await local!.app.queue.stop();
      expect(provider.calls).toBe(attempt);
    }
    state = await rows(renderId);
    expect(state.job).toMatchObject({ status: 'succeeded', attempts: 3 });
    expect(state.render).toMatchObject({
      status: 'succeeded',
      provider: 'offline-preview',
      error: 'Scripted AI is rate limiting predictions (HTTP 429)',
    });
    expect(Boolean(state.render.fallback)).toBe(true);
  }, 60_000);

  it.each([
    [
      'a 422 refusal',
      new ProviderError('scripted-ai', 'Replicate rejected the prediction input (HTTP 422): image is required', {
        transient: false,
        status: 422,
      }),
    ],
    [
      'filtered content',
      new ProviderError('scripted-ai', 'Stability AI filtered the result (CONTENT_FILTERED)', {
        transient: false,
        code: 'CONTENT_FILTERED',
      }),
    ],
    [
      'a failed prediction',
      new ProviderError('scripted-ai', 'Replicate prediction failed: CUDA out of memory', { transient: false, code: 'failed' }),
    ],
  ])(
    'does not retry %s: the stand-in comes at once with the clear message',
    async (_what, error) => {
      const provider = failingWith(error);
      const { renderId } = await startRender(provider);
      await local!.app.queue.tick();
      await local!.app.queue.stop();
      const state = await rows(renderId);
      expect(provider.calls).toBe(1);
      expect(state.job).toMatchObject({ status: 'succeeded', attempts: 1 });
      expect(state.render).toMatchObject({ status: 'succeeded', provider: 'offline-preview', error: error.message });
    },
    60_000,
  );
});

describe('a render stopped while a worker takes its job', () => {
  it('is not run: the worker finds it stopped and leaves it so, with no paid call', async () => {
    const provider = failingWith(new Error('the provider must not be called'));
    const { renderId, token } = await startRender(provider);
    const { db } = local!.app.database;
    // The homeowner closes the progress modal while the render is still queued...
    const stopped = await local!.app.inject({ method: 'DELETE', url: `/api/renders/${renderId}`, headers: bearer(token) });
    expect(stopped.statusCode).toBe(200);
    // ...just after a worker had taken its job: the job was no longer queued, so only the render row was stopped.
    // The job is put back as the worker holds it, and the worker goes on with it.
    await db.updateTable('jobs').set({ status: 'queued', last_error: null }).where('payload', '=', JSON.stringify({ renderId })).execute();
    await local!.app.queue.tick();
    await local!.app.queue.stop();
    const state = await rows(renderId);
    expect(provider.calls).toBe(0);
    expect(state.render).toMatchObject({ status: 'failed', error: 'Cancelled by the homeowner.' });
    expect(state.job.status).toBe('succeeded');
  }, 60_000);
});
