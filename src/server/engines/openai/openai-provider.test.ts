// The OpenAI client against a local fake that follows the Images API contract.
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { engineInput, inPhaseOrder } from '#tests/fakes/engine-input';
import { closedPortUrl } from '#tests/fakes/fake-http-server';
import { openAiError, startOpenAiFake, type OpenAiFake } from '#tests/fakes/openai-fake';
import { solidJpeg } from '#tests/fakes/test-images';
import { createOpenAiProvider, type OpenAiProviderOptions } from './openai-provider';
import { providerFailure } from '#tests/helpers/provider-failure';

let fake: OpenAiFake;
beforeEach(async () => {
  fake = await startOpenAiFake();
});
afterEach(async () => {
  await fake.close();
});

function provider(overrides: Partial<OpenAiProviderOptions> = {}) {
  return createOpenAiProvider({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 2_000, retryBaseDelayMs: 1, ...overrides });
}

describe('OpenAI provider', () => {
  it('edits the photo with gpt-image-1 at high fidelity and returns a JPEG, with progress in phase order', async () => {
    const input = await engineInput();
    const output = await provider().render(input);

    expect(output.provider).toBe('openai');
    const metadata = await sharp(output.image).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1536, 1024]);

    const [{ form }] = fake.edits;
    expect(form.get('model')).toBe('gpt-image-1');
    expect(Buffer.from(await (form.get('image') as Blob).arrayBuffer()).equals(input.image)).toBe(true);
    expect((form.get('image') as File).type).toBe('image/jpeg');
    // An instruction, not the diffusion models' tag prompt: the style, then what must stay.
    expect(form.get('prompt')).toMatch(/^Redesign this kitchen in a Modern Minimalist style: modern minimalist kitchen, /);
    expect(form.get('prompt')).toEqual(
      expect.stringContaining("Keep the room's layout, walls, windows, doors, ceiling height and camera angle exactly as they are"),
    );
    // Priced from the answer's usage: 80 text and 400 image tokens in, 5,760 image tokens out.
    expect(output).toMatchObject({ model: 'openai:gpt-image-1', costUsd: (80 * 5 + 400 * 10 + 5760 * 40) / 1_000_000 });
    // The room photo is landscape (96×64), so the landscape size is asked for.
    expect([form.get('input_fidelity'), form.get('size'), form.get('quality')]).toEqual(['high', '1536x1024', 'high']);

    expect(inPhaseOrder(input.progress)).toBe(true);
    expect(input.progress.map((event) => event.phase)).toEqual([
      'analysis',
      'analysis',
      'generation',
      'enhancement',
      'enhancement',
      'enhancement',
    ]);
  });

  it('asks for a portrait or square size by the photo’s shape, or the size it is given', async () => {
    await provider().render(await engineInput({ image: await solidJpeg(60, 90) }));
    await provider().render(await engineInput({ image: await solidJpeg(80, 80) }));
    await provider({ size: 'auto', quality: 'medium' }).render(await engineInput());
    expect(fake.edits.map(({ form }) => form.get('size'))).toEqual(['1024x1536', '1024x1024', 'auto']);
    expect(fake.edits[2].form.get('quality')).toBe('medium');
  });

  it('reports moderation_blocked as a refusal', async () => {
    fake.script.push('edit', {
      status: 400,
      json: openAiError(
        'Your request was rejected by the safety system. safety_violations=[sexual].',
        'image_generation_user_error',
        'moderation_blocked',
      ),
    });
    const error = await providerFailure(provider().render(await engineInput()));
    expect(error.message).toBe(
      'OpenAI refused the image: moderation_blocked (Your request was rejected by the safety system. safety_violations=[sexual].)',
    );
    expect([error.transient, error.code, error.status]).toEqual([false, 'moderation_blocked', 400]);
  });

  it('reports a 422-style validation error clearly, as not transient, without retrying', async () => {
    fake.script.push('edit', {
      status: 400,
      json: openAiError(
        "Invalid value: '2048x2048'. Supported values are: '1024x1024', '1024x1536', '1536x1024', and 'auto'.",
        'invalid_request_error',
        'invalid_value',
        'size',
      ),
    });
    const error = await providerFailure(provider().render(await engineInput()));
    expect(error.message).toMatch(/^OpenAI rejected the request \(HTTP 400, invalid_value\): Invalid value: '2048x2048'/);
    expect(error.transient).toBe(false);
    fake.script.push('edit', { status: 422, json: openAiError('Unprocessable image', 'invalid_request_error', null) });
    expect((await providerFailure(provider().render(await engineInput()))).message).toBe(
      'OpenAI rejected the request (HTTP 422, invalid_request_error): Unprocessable image',
    );
    expect(fake.editRequests()).toHaveLength(2);
  });

  it('waits as long as a 429 asks (retry-after-ms or Retry-After), then edits exactly once', async () => {
    const waits: number[] = [];
    const rateLimited = openAiError(
      'Rate limit reached for gpt-image-1 on images per minute (IPM): Limit 5, Used 5.',
      'requests',
      'rate_limit_exceeded',
    );
    fake.script.push(
      'edit',
      { status: 429, headers: { 'retry-after': '1' }, json: rateLimited },
      { status: 429, headers: { 'retry-after-ms': '250' }, json: rateLimited },
    );
    await provider({ sleep: async (ms) => void waits.push(ms) }).render(await engineInput());
    expect(waits).toEqual([1000, 250]);
    expect(fake.editRequests()).toHaveLength(3);
    expect(fake.edits).toHaveLength(1);
  });

  it('does not retry a 429 for an exhausted quota, and says it will not clear by waiting', async () => {
    fake.script.push('edit', {
      status: 429,
      json: openAiError(
        'You exceeded your current quota, please check your plan and billing details.',
        'insufficient_quota',
        'insufficient_quota',
      ),
    });
    const error = await providerFailure(provider().render(await engineInput()));
    expect(error.message).toMatch(/^OpenAI refused the request: insufficient quota/);
    expect(error.transient).toBe(false);
    expect(fake.editRequests()).toHaveLength(1);
  });

  it('retries a 502 a bounded number of times, then fails as transient', async () => {
    for (let index = 0; index < 5; index += 1)
      fake.script.push('edit', { status: 502, json: openAiError('Bad gateway.', 'server_error', null) });
    const error = await providerFailure(provider({ maxRetries: 2 }).render(await engineInput()));
    expect(error.message).toBe('OpenAI failed to edit the image (HTTP 502): Bad gateway.');
    expect(error.transient).toBe(true);
    expect(fake.editRequests()).toHaveLength(3);
  });

  it('fails clearly when the answer holds no image or bytes that are not an image', async () => {
    fake.script.push('edit', { json: { created: 1, data: [] } });
    expect((await providerFailure(provider().render(await engineInput()))).message).toBe('OpenAI answered without an image');
    fake.script.push('edit', { json: { created: 1, data: [{ b64_json: Buffer.from('<svg/>').toString('base64') }] } });
    expect((await providerFailure(provider().render(await engineInput()))).message).toMatch(
      /^OpenAI returned an output that is not an image/,
    );
  });

  it('hangs up on the edit when the render is aborted, then throws an AbortError', async () => {
    fake.state.delayMs = 1_000;
    const controller = new AbortController();
    const input = await engineInput({
      signal: controller.signal,
      onProgress: (event) => {
        if (event.phase === 'generation') setTimeout(() => controller.abort(), 30);
      },
    });
    await expect(provider().render(input)).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(fake.editRequests()[0].disconnected).toBe(true));
  });

  it('never puts the API key in an error message, even when the API echoes it', async () => {
    const key = 'sk-proj-wrongkey0123456789';
    const error = await providerFailure(provider({ apiKey: key }).render(await engineInput()));
    expect(error.message).toMatch(/^OpenAI rejected the API key \(HTTP 401\): Incorrect API key provided: \[redacted\]/);
    expect(error.message).not.toContain(key);
  });

  it('checks health with GET /v1/models, and reports a closed port as unreachable', async () => {
    expect(await provider().checkHealth()).toMatchObject({ configured: true, reachable: true });
    expect(fake.requests.at(-1)?.path).toBe('/v1/models');
    expect(await provider({ baseUrl: await closedPortUrl() }).checkHealth()).toMatchObject({ configured: true, reachable: false });
    expect(await provider({ apiKey: 'sk-nope-123456789' }).checkHealth()).toMatchObject({ configured: true, reachable: false });
    expect(await provider({ apiKey: '' }).checkHealth()).toMatchObject({ configured: false });
  });
});
