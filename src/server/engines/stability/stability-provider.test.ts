// The Stability AI client against a local fake that follows the Stable Image API contract.
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { engineInput, inPhaseOrder } from '#tests/fakes/engine-input';
import { closedPortUrl } from '#tests/fakes/fake-http-server';
import { startStabilityFake, type StabilityFake } from '#tests/fakes/stability-fake';
import { createStabilityProvider, type StabilityProviderOptions } from './stability-provider';
import { providerFailure } from '#tests/helpers/provider-failure';

let fake: StabilityFake;
beforeEach(async () => {
  fake = await startStabilityFake();
});
afterEach(async () => {
  await fake.close();
});

function provider(overrides: Partial<StabilityProviderOptions> = {}) {
  return createStabilityProvider({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 2_000, retryBaseDelayMs: 1, ...overrides });
}

describe('Stability AI provider', () => {
  it('sends the photo and prompt to control/structure and returns a JPEG, with progress in phase order', async () => {
    const input = await engineInput();
    const output = await provider({ clientId: 'metrowest' }).render(input);

    expect(output.provider).toBe('stability');
    const metadata = await sharp(output.image).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1536, 987]);

    const [{ form, request }] = fake.generations;
    expect(request.headers.accept).toBe('image/*');
    expect(request.headers['stability-client-id']).toBe('metrowest');
    expect(Buffer.from(await (form.get('image') as Blob).arrayBuffer()).equals(input.image)).toBe(true);
    expect(form.get('prompt')).toBe(input.prompt);
    expect(form.get('negative_prompt')).toEqual(expect.stringContaining('distorted walls'));
    expect([form.get('control_strength'), form.get('seed'), form.get('output_format')]).toEqual(['0.7', '4242', 'jpeg']);

    expect(inPhaseOrder(input.progress)).toBe(true);
    expect(input.progress.map((event) => event.phase)).toEqual(['analysis', 'analysis', 'generation', 'enhancement', 'enhancement']);
    expect(input.progress.at(-1)).toEqual({ phase: 'enhancement', fraction: 1 });
  });

  it('understands the JSON answer too', async () => {
    const output = await provider({ accept: 'json' }).render(await engineInput());
    expect(fake.generations[0].request.headers.accept).toBe('application/json');
    expect((await sharp(output.image).metadata()).width).toBe(1536);
  });

  it('treats CONTENT_FILTERED as a refusal, in both answer formats', async () => {
    fake.state.finishReason = 'CONTENT_FILTERED';
    const error = await providerFailure(provider().render(await engineInput()));
    expect(error.message).toBe('Stability AI refused the image: content filtered');
    expect([error.transient, error.code]).toEqual([false, 'CONTENT_FILTERED']);
    expect((await providerFailure(provider({ accept: 'json' }).render(await engineInput()))).message).toBe(
      'Stability AI refused the image: content filtered',
    );
  });

  it('reports a 422 validation error clearly, as not transient, without retrying', async () => {
    fake.script.push('structure', {
      status: 422,
      json: { id: 'a1b2', name: 'invalid_language', errors: ['English is the only supported language for this service.'] },
    });
    const error = await providerFailure(provider().render(await engineInput()));
    expect(error.message).toBe(
      'Stability AI rejected the request (HTTP 422, invalid_language): English is the only supported language for this service.',
    );
    expect(error.transient).toBe(false);
    expect(fake.structureRequests()).toHaveLength(1);
  });

  it('maps a 403 content moderation answer to a refusal', async () => {
    fake.script.push('structure', {
      status: 403,
      json: { id: 'c3', name: 'content_moderation', errors: ['Your request was flagged by our content moderation system.'] },
    });
    const error = await providerFailure(provider().render(await engineInput()));
    expect(error.message).toMatch(/^Stability AI refused the image: content_moderation \(HTTP 403\)/);
    expect(error.code).toBe('content_moderation');
  });

  it('waits as long as a 429 Retry-After asks, then generates exactly once', async () => {
    const waits: number[] = [];
    fake.script.push('structure', {
      status: 429,
      headers: { 'retry-after': '1' },
      json: {
        id: 'r1',
        name: 'rate_limit_exceeded',
        errors: ['You have exceeded the rate limit of 150 requests within a 10 second period'],
      },
    });
    await provider({ sleep: async (ms) => void waits.push(ms) }).render(await engineInput());
    expect(waits).toEqual([1000]);
    expect(fake.structureRequests()).toHaveLength(2);
    expect(fake.generations).toHaveLength(1);
  });

  it('retries a 503 a bounded number of times, then fails as transient', async () => {
    for (let index = 0; index < 5; index += 1)
      fake.script.push('structure', {
        status: 503,
        json: { id: 'u1', name: 'service_unavailable', errors: ['The service is temporarily unavailable'] },
      });
    const error = await providerFailure(provider({ maxRetries: 2 }).render(await engineInput()));
    expect(error.message).toBe('Stability AI failed to generate the image (HTTP 503): The service is temporarily unavailable');
    expect(error.transient).toBe(true);
    expect(fake.structureRequests()).toHaveLength(3);
  });

  it('does not repeat a generation that timed out, since it may have been charged', async () => {
    fake.state.delayMs = 300;
    const error = await providerFailure(provider({ timeoutMs: 50 }).render(await engineInput()));
    expect(error.message).toBe('Stability AI did not answer within 50 ms while generating the image');
    expect(error.transient).toBe(true);
    expect(fake.structureRequests()).toHaveLength(1);
  });

  it('fails clearly when the answer is not an image', async () => {
    fake.script.push('structure', { headers: { 'content-type': 'image/jpeg', 'finish-reason': 'SUCCESS' }, body: 'not really a jpeg' });
    const error = await providerFailure(provider().render(await engineInput()));
    expect(error.message).toMatch(/^Stability AI returned an output that is not an image/);
    fake.script.push('structure', { headers: { 'content-type': 'image/jpeg', 'finish-reason': 'SUCCESS' }, body: '' });
    expect((await providerFailure(provider().render(await engineInput()))).message).toBe('Stability AI answered without an image');
  });

  it('hangs up on the generation when the render is aborted, then throws an AbortError', async () => {
    fake.state.delayMs = 1_000;
    const controller = new AbortController();
    const input = await engineInput({
      signal: controller.signal,
      onProgress: (event) => {
        if (event.phase === 'generation') setTimeout(() => controller.abort(), 30);
      },
    });
    await expect(provider().render(input)).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(fake.structureRequests()[0].disconnected).toBe(true));
  });

  it('never puts the API key in an error message, even when the API echoes it', async () => {
    const key = 'sk-wrongkey0123456789abcdef';
    const error = await providerFailure(provider({ apiKey: key }).render(await engineInput()));
    expect(error.message).toMatch(/^Stability AI rejected the API key \(HTTP 401\)/);
    expect(error.message).not.toContain(key);
    expect(error.message).not.toContain('0123456789abcdef');
  });

  it('checks health with GET /v1/user/account, and reports a closed port as unreachable', async () => {
    expect(await provider().checkHealth()).toMatchObject({ configured: true, reachable: true });
    expect(fake.requests.at(-1)?.path).toBe('/v1/user/account');
    expect(await provider({ baseUrl: await closedPortUrl() }).checkHealth()).toMatchObject({ configured: true, reachable: false });
    expect(await provider({ apiKey: '' }).checkHealth()).toMatchObject({ configured: false });
  });
});
