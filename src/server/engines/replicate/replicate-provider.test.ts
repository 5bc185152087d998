// The Replicate client against a local fake that follows Replicate's published HTTP contract.
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closedPortUrl } from '#tests/fakes/fake-http-server';
import { engineInput, inPhaseOrder } from '#tests/fakes/engine-input';
import { startReplicateFake, TQDM, type ReplicateFake } from '#tests/fakes/replicate-fake';
import { solidPng } from '#tests/fakes/test-images';
import { createReplicateProvider, type ReplicateProviderOptions } from './replicate-provider';
import { providerFailure } from '#tests/helpers/provider-failure';

let fake: ReplicateFake;
beforeEach(async () => {
  fake = await startReplicateFake();
});
afterEach(async () => {
  await fake.close();
});

function provider(overrides: Partial<ReplicateProviderOptions> = {}) {
  return createReplicateProvider({
    apiToken: fake.token,
    baseUrl: fake.url,
    model: { owner: 'adirik', name: 'interior-design' },
    pollIntervalMs: 1,
    timeoutMs: 5_000,
    requestTimeoutMs: 2_000,
    retryBaseDelayMs: 1,
    ...overrides,
  });
}

describe('Replicate provider', () => {
  it('runs a prediction to the end, reporting progress in phase order, and returns a JPEG', async () => {
    const input = await engineInput();
    const output = await provider().render(input);

    expect(output.provider).toBe('replicate');
    const metadata = await sharp(output.image).metadata();
    expect(metadata.format).toBe('jpeg');
    // The model's 120×80 went through the upscaler (×4), then up to the product's 1536 px long side.
    expect([metadata.width, metadata.height]).toEqual([1536, 1024]);
    expect(fake.upscaleRequests()).toHaveLength(1);
    expect(output).toMatchObject({ model: 'replicate:adirik/interior-design', costUsd: 0.01 + 0.006 });

    const [create] = fake.createRequests();
    expect(create.path).toBe('/v1/models/adirik/interior-design/predictions');
    expect(create.headers.prefer).toBe('wait=5');
    expect(create.headers.authorization).toBe(`Bearer ${fake.token}`);
    const body = create.json() as { input: Record<string, unknown> };
    expect(body.input).toMatchObject({
      prompt: input.prompt,
      seed: 4242,
      num_inference_steps: 50,
      guidance_scale: 15,
      prompt_strength: 0.8,
    });
    expect(String(body.input.image)).toMatch(/^data:image\/jpeg;base64,/);
    expect(body.input.negative_prompt).toEqual(expect.any(String));

    expect(inPhaseOrder(input.progress)).toBe(true);
    expect(new Set(input.progress.map((event) => event.phase))).toEqual(new Set(['analysis', 'architecture', 'generation', 'enhancement']));
    // 9/20 steps from the tqdm line shows up as a real fraction inside the generation phase.
    const generation = input.progress.filter((event) => event.phase === 'generation').map((event) => event.fraction);
    expect(generation).toContain(Math.round((0.37 + 0.47 * 0.45) * 1000) / 1000);
    expect(input.progress.at(-1)).toEqual({ phase: 'enhancement', fraction: 1 });
  });

  it('pins a version through POST /v1/predictions and uses the flux-depth-pro input for that model', async () => {
    const version = `black-forest-labs/flux-depth-pro:${'a'.repeat(64)}`;
    await provider({ model: { version } }).render(await engineInput());
    const [create] = fake.createRequests();
    expect(create.path).toBe('/v1/predictions');
    const body = create.json() as { version: string; input: Record<string, unknown> };
    expect(body.version).toBe(version);
    expect(body.input).toMatchObject({ steps: 50, guidance: 15, seed: 4242, output_format: 'jpg' });
    expect(String(body.input.control_image)).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('takes a synchronous answer without polling, and the last image of an output list given as data URIs', async () => {
    const first = `data:image/png;base64,${(await solidPng(30, 20)).toString('base64')}`;
    const last = `data:image/png;base64,${(await solidPng(40, 60)).toString('base64')}`;
    fake.state.createdStep = { status: 'succeeded', output: [first, last] };
    const output = await provider().render(await engineInput());
    const metadata = await sharp(output.image).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1024, 1536]);
    // No status polling (the upscaler's image is the one download).
    expect(fake.requests.filter((request) => request.method === 'GET' && request.path.startsWith('/v1/'))).toHaveLength(0);
  });

  it('reports a 422 validation error clearly, as not transient, without retrying', async () => {
    fake.script.push('create', {
      status: 422,
      json: {
        title: 'Input validation failed',
        detail: '- input.prompt_strength: Must be less than or equal to 1',
        status: 422,
        invalid_fields: [{ type: 'less_than_equal', field: 'input.prompt_strength', description: 'Must be less than or equal to 1' }],
      },
    });
    const error = await providerFailure(provider().render(await engineInput()));
    expect(error.message).toMatch(/^Replicate rejected the prediction input \(HTTP 422\): .*prompt_strength/);
    expect(error.transient).toBe(false);
    expect(fake.createRequests()).toHaveLength(1);
  });

  it('waits as long as a 429 Retry-After asks, then succeeds with exactly one prediction', async () => {
    const waits: number[] = [];
    fake.script.push('create', {
      status: 429,
      headers: { 'retry-after': '1' },
      json: { title: 'Request was throttled', detail: 'Request was throttled. Expected available in 1 second.', status: 429 },
    });
    const output = await provider({ sleep: async (ms) => void waits.push(ms) }).render(await engineInput());
    expect(output.image.length).toBeGreaterThan(0);
    expect(waits).toContain(1000);
    expect(fake.createRequests()).toHaveLength(2);
    expect(fake.predictions.size).toBe(1);
  });

  it('retries a 503 a bounded number of times, then fails as transient without creating anything', async () => {
    for (let index = 0; index < 5; index += 1)
      fake.script.push('create', { status: 503, json: { title: 'Service Unavailable', detail: 'upstream overloaded', status: 503 } });
    const error = await providerFailure(provider({ maxRetries: 2 }).render(await engineInput()));
    expect(error.transient).toBe(true);
    expect(error.status).toBe(503);
    expect(error.message).toContain('upstream overloaded');
    expect(fake.createRequests()).toHaveLength(3);
    expect(fake.predictions.size).toBe(0);
  });

  it('maps a failed prediction to its API error', async () => {
    fake.state.timeline = [
      { status: 'processing', logs: TQDM(3, 20) },
      { status: 'failed', error: 'NSFW content detected. Try running it again, or try a different prompt.' },
    ];
    const error = await providerFailure(provider().render(await engineInput()));
    expect(error.message).toBe('Replicate prediction failed: NSFW content detected. Try running it again, or try a different prompt.');
    expect(error.transient).toBe(false);
    expect(fake.cancelled).toEqual([]);
  });

  it('maps canceled and aborted predictions', async () => {
    fake.state.timeline = [{ status: 'canceled' }];
    expect((await providerFailure(provider().render(await engineInput()))).message).toMatch(/^Replicate prediction was canceled/);
    fake.state.timeline = [{ status: 'aborted', error: 'Prediction deadline exceeded' }];
    const aborted = await providerFailure(provider().render(await engineInput()));
    expect(aborted.message).toBe('Replicate prediction was aborted: Prediction deadline exceeded');
    expect(aborted.transient).toBe(true);
  });

  it('fails clearly when the output URL answers 404', async () => {
    fake.script.push('output', { status: 404, body: 'gone' });
    const error = await providerFailure(provider().render(await engineInput()));
    expect(error.message).toMatch(/^Replicate output could not be downloaded: HTTP 404/);
  });

  it('fails clearly when the output is not an image', async () => {
    fake.script.push('output', { headers: { 'content-type': 'image/jpeg' }, body: '<html>not an image</html>' });
    const error = await providerFailure(provider().render(await engineInput()));
    expect(error.message).toMatch(/^Replicate returned an output that is not an image/);
    expect(error.transient).toBe(false);
  });

  it('fails clearly when a succeeded prediction has no output', async () => {
    fake.state.timeline = [{ status: 'succeeded', output: null }];
    const error = await providerFailure(provider().render(await engineInput()));
    expect(error.message).toMatch(/succeeded without an image output/);
  });

  it('cancels the prediction when the render is aborted mid-way, then throws an AbortError', async () => {
    fake.state.timeline = [{ status: 'processing', logs: TQDM(5, 20) }];
    const controller = new AbortController();
    const input = await engineInput({
      signal: controller.signal,
      onProgress: (event) => {
        if (event.phase === 'generation') controller.abort();
      },
    });
    const error = await provider()
      .render(input)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(fake.cancelled).toEqual([...fake.predictions.keys()]);
    expect(fake.cancelled).toHaveLength(1);
  });

  it('cancels the prediction when the render runs out of time, and says so as a transient failure', async () => {
    fake.state.timeline = [{ status: 'processing', logs: TQDM(1, 20) }];
    const error = await providerFailure(provider({ timeoutMs: 150, pollIntervalMs: 10 }).render(await engineInput()));
    expect(error.message).toBe('Replicate did not finish the render within 150 ms');
    expect(error.transient).toBe(true);
    expect(fake.cancelled).toHaveLength(1);
  });

  it('never puts the API token in an error message, even when the API echoes it', async () => {
    const wrong = createReplicateProvider({
      apiToken: 'r8_wrongtoken1234567890',
      baseUrl: fake.url,
      model: { owner: 'adirik', name: 'interior-design' },
      pollIntervalMs: 1,
    });
    const error = await providerFailure(wrong.render(await engineInput()));
    expect(error.message).toMatch(/^Replicate rejected the API token \(HTTP 401\)/);
    expect(error.message).not.toContain('r8_wrongtoken1234567890');
    expect(error.transient).toBe(false);

    fake.script.push('create', { status: 422, json: { detail: `bad input from token ${fake.token}`, status: 422 } });
    const echoed = await providerFailure(provider().render(await engineInput()));
    expect(echoed.message).not.toContain(fake.token);
    expect(echoed.message).toContain('[redacted]');
  });

  it('reports unreachable as a transient error naming Replicate', async () => {
    const error = await providerFailure(provider({ baseUrl: await closedPortUrl(), maxRetries: 1 }).render(await engineInput()));
    expect(error.message).toMatch(/^Replicate could not be reached while creating the prediction: ECONNREFUSED/);
    expect(error.transient).toBe(true);
  });

  it('refuses to build a provider for a model it has no input for, unless given one', () => {
    expect(() => createReplicateProvider({ apiToken: 't', model: { owner: 'someone', name: 'else' } })).toThrow(/no default input builder/);
    expect(createReplicateProvider({ apiToken: 't', model: { owner: 'someone', name: 'else' }, input: () => ({}) }).name).toBe('replicate');
  });

  describe('checkHealth', () => {
    it('is reachable against the fake, by model or by account', async () => {
      expect(await provider().checkHealth()).toMatchObject({ configured: true, reachable: true });
      expect(fake.requests.at(-1)?.path).toBe('/v1/models/adirik/interior-design');
      expect(await provider({ model: { version: `adirik/interior-design:${'b'.repeat(64)}` } }).checkHealth()).toMatchObject({
        reachable: true,
      });
      expect(fake.requests.at(-1)?.path).toBe('/v1/account');
    });

    it('is not reachable on a closed port, with a wrong token, or configured without a token', async () => {
      const closed = await provider({ baseUrl: await closedPortUrl() }).checkHealth();
      expect(closed).toMatchObject({ configured: true, reachable: false });
      expect(closed.detail).toMatch(/could not be reached/);
      const wrong = await provider({ apiToken: 'r8_notthetoken123456' }).checkHealth();
      expect(wrong).toMatchObject({ configured: true, reachable: false });
      expect(wrong.detail).not.toContain('r8_notthetoken123456');
      expect(await provider({ apiToken: '' }).checkHealth()).toMatchObject({ configured: false, reachable: false });
    });
  });
});
