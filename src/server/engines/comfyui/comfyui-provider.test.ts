// The ComfyUI client against a local fake ComfyUI: HTTP routes plus the run's websocket messages.
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startComfyUiFake, type ComfyUiFake } from '#tests/fakes/comfyui-fake';
import { closedPortUrl } from '#tests/fakes/fake-http-server';
import { engineInput, inPhaseOrder } from '#tests/fakes/engine-input';
import { createComfyUiProvider, type ComfyUiProviderOptions } from './comfyui-provider';
import { providerFailure } from '#tests/helpers/provider-failure';

let fake: ComfyUiFake;
beforeEach(async () => {
  fake = await startComfyUiFake();
});
afterEach(async () => {
  await fake.close();
});

function provider(overrides: Partial<ComfyUiProviderOptions> = {}) {
  return createComfyUiProvider({
    baseUrl: fake.url,
    pollIntervalMs: 5,
    timeoutMs: 5_000,
    requestTimeoutMs: 2_000,
    socketTimeoutMs: 1_000,
    retryBaseDelayMs: 1,
    ...overrides,
  });
}

describe('ComfyUI provider', () => {
  it('uploads the photo, queues the filled workflow, follows the websocket and returns a JPEG', async () => {
    const input = await engineInput();
    const output = await provider().render(input);

    expect(output.provider).toBe('comfyui');
    const metadata = await sharp(output.image).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1536, 1152]);

    const [[uploadedName, upload]] = [...fake.uploads.entries()];
    expect(upload.data.equals(input.image)).toBe(true);
    expect([upload.type, upload.overwrite]).toEqual(['input', 'true']);
    const [prompt] = fake.prompts;
    const nodes = prompt.workflow;
    expect(nodes['2'].inputs.image).toBe(uploadedName);
    expect(nodes['6'].inputs.text).toBe(input.prompt);
    expect(nodes['7'].inputs.text).toEqual(expect.stringContaining('distorted walls'));
    // Typed placeholders: numbers stay numbers. 96×64 becomes about a megapixel in multiples of 64.
    expect(nodes['10'].inputs.seed).toBe(4242);
    expect(nodes['9'].inputs).toMatchObject({ width: 1280, height: 832 });
    expect(nodes['3'].inputs).toMatchObject({ width: 1280, height: 832 });

    expect(inPhaseOrder(input.progress)).toBe(true);
    expect(new Set(input.progress.map((event) => event.phase))).toEqual(new Set(['analysis', 'architecture', 'generation', 'enhancement']));
    const generation = input.progress.filter((event) => event.phase === 'generation').map((event) => event.fraction);
    // 1/4, 2/4 and 3/4 sampler steps, as real fractions inside the generation phase.
    for (const step of [1, 2, 3]) expect(generation.some((fraction) => Math.abs(fraction - (0.37 + (0.47 * step) / 4)) < 0.002)).toBe(true);
    expect(input.progress.at(-1)).toEqual({ phase: 'enhancement', fraction: 1 });
  });

  it('falls back to polling the history when the websocket drops mid-run', async () => {
    fake.state.mode = 'drop-socket';
    const output = await provider().render(await engineInput());
    expect((await sharp(output.image).metadata()).format).toBe('jpeg');
    expect(fake.requests.filter((request) => request.path.startsWith('/history/')).length).toBeGreaterThan(0);
  });

  it('works by polling alone when the websocket cannot be opened', async () => {
    fake.state.socketEnabled = false;
    const output = await provider().render(await engineInput());
    expect(output.image.length).toBeGreaterThan(0);
  });

  it('reports a workflow validation error clearly, as not transient, without retrying', async () => {
    fake.script.push('prompt', {
      status: 400,
      json: {
        error: { type: 'prompt_outputs_failed_validation', message: 'Prompt outputs failed validation', details: '', extra_info: {} },
        node_errors: {
          '1': {
            errors: [
              {
                type: 'value_not_in_list',
                message: 'Value not in list',
                details: "ckpt_name: 'sd_xl_base_1.0.safetensors' not in []",
                extra_info: {},
              },
            ],
            dependent_outputs: ['12'],
            class_type: 'CheckpointLoaderSimple',
          },
        },
      },
    });
    const error = await providerFailure(provider().render(await engineInput()));
    expect(error.message).toBe(
      "ComfyUI rejected the workflow: Prompt outputs failed validation; CheckpointLoaderSimple 1: Value not in list — ckpt_name: 'sd_xl_base_1.0.safetensors' not in []",
    );
    expect(error.transient).toBe(false);
    expect(fake.promptRequests()).toHaveLength(1);
  });

  it('waits as long as a 429 Retry-After asks, then queues exactly one prompt', async () => {
    const waits: number[] = [];
    fake.script.push('prompt', { status: 429, headers: { 'retry-after': '1' }, body: 'Too Many Requests' });
    await provider({ sleep: async (ms) => void waits.push(ms) }).render(await engineInput());
    expect(waits).toContain(1000);
    expect(fake.promptRequests()).toHaveLength(2);
    expect(fake.prompts).toHaveLength(1);
  });

  it('retries a 502 from the gateway a bounded number of times, then fails as transient', async () => {
    for (let index = 0; index < 5; index += 1) fake.script.push('prompt', { status: 502, body: 'Bad Gateway' });
    const error = await providerFailure(provider({ maxRetries: 2 }).render(await engineInput()));
    expect(error.transient).toBe(true);
    expect(error.message).toBe('ComfyUI did not queue the workflow: HTTP 502: Bad Gateway');
    expect(fake.promptRequests()).toHaveLength(3);
    expect(fake.prompts).toHaveLength(0);
  });

  it('reports the run’s execution_error, transient for running out of GPU memory, and cancels nothing', async () => {
    fake.state.mode = 'error';
    const error = await providerFailure(provider().render(await engineInput()));
    expect(error.message).toBe(
      'ComfyUI run failed in KSampler (node 10): torch.OutOfMemoryError: Allocation on device 0 would exceed allowed memory. (out of memory)',
    );
    expect(error.transient).toBe(true);
    expect(fake.interrupts).toEqual([]);

    fake.state.errorType = 'RuntimeError';
    fake.state.errorMessage = 'mat1 and mat2 shapes cannot be multiplied';
    const other = await providerFailure(provider().render(await engineInput()));
    expect(other.message).toBe('ComfyUI run failed in KSampler (node 10): RuntimeError: mat1 and mat2 shapes cannot be multiplied');
    expect(other.transient).toBe(false);
  });

  it('reads an execution error from the history when there is no websocket', async () => {
    fake.state.mode = 'error';
    fake.state.socketEnabled = false;
    const error = await providerFailure(provider().render(await engineInput()));
    expect(error.message).toMatch(/^ComfyUI run failed in KSampler \(node 10\): torch.OutOfMemoryError/);
  });

  it('fails clearly when /view answers 404 or sends something that is not an image', async () => {
    fake.script.push('view', { status: 404, body: '404: Not Found' });
    expect((await providerFailure(provider().render(await engineInput()))).message).toMatch(
      /^ComfyUI output could not be downloaded: HTTP 404/,
    );
    fake.script.push('view', { headers: { 'content-type': 'image/png' }, body: Buffer.from('definitely not a png') });
    expect((await providerFailure(provider().render(await engineInput()))).message).toMatch(
      /^ComfyUI returned an output that is not an image/,
    );
  });

  it('fails clearly when the history has no image', async () => {
    fake.state.noOutputs = true;
    const error = await providerFailure(provider().render(await engineInput()));
    expect(error.message).toBe('ComfyUI finished the run without an image from its SaveImage node');
    expect(error.transient).toBe(false);
  });

  it('interrupts its own running prompt when the render is aborted, then throws an AbortError', async () => {
    fake.state.mode = 'hang';
    const controller = new AbortController();
    const input = await engineInput({
      signal: controller.signal,
      onProgress: (event) => {
        if (event.phase === 'generation' && event.fraction > 0.4) controller.abort();
      },
    });
    const error = await provider()
      .render(input)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(fake.interrupts).toEqual([{ prompt_id: fake.prompts[0].id }]);
    expect(fake.queueDeletes).toEqual([]);
  });

  it('takes a waiting prompt off the queue when aborted before it runs, without interrupting anyone', async () => {
    fake.state.mode = 'queued';
    const controller = new AbortController();
    const input = await engineInput({
      signal: controller.signal,
      // The prompt is queued (analysis at 70 %) but never starts: abort then.
      onProgress: (event) => {
        if (event.phase === 'analysis' && event.fraction > 0.1) setTimeout(() => controller.abort(), 10);
      },
    });
    const render = provider().render(input);
    await expect(render).rejects.toMatchObject({ name: 'AbortError' });
    expect(fake.queueDeletes).toEqual([[fake.prompts[0].id]]);
    expect(fake.interrupts).toEqual([]);
  });

  it('cancels the run when the render runs out of time', async () => {
    fake.state.mode = 'hang';
    const error = await providerFailure(provider({ timeoutMs: 200 }).render(await engineInput()));
    expect(error.message).toBe('ComfyUI did not finish the render within 200 ms');
    expect(error.transient).toBe(true);
    expect(fake.interrupts).toEqual([{ prompt_id: fake.prompts[0].id }]);
  });

  it('never puts its API key in an error message', async () => {
    const apiKey = 'comfy-proxy-key-5f2b8c1d9e';
    fake.script.push('upload', { status: 401, json: { error: `Unauthorized: Bearer ${apiKey} is not valid`, key: apiKey } });
    const error = await providerFailure(provider({ apiKey }).render(await engineInput()));
    expect(error.message).toMatch(/^ComfyUI refused the photo upload: HTTP 401/);
    expect(error.message).not.toContain(apiKey);
    expect(fake.requests[0].headers.authorization).toBe(`Bearer ${apiKey}`);
  });

  it('checks health with GET /system_stats, and reports a closed port as unreachable', async () => {
    expect(await provider().checkHealth()).toMatchObject({ configured: true, reachable: true });
    expect(fake.requests.at(-1)?.path).toBe('/system_stats');
    expect(await provider({ baseUrl: await closedPortUrl() }).checkHealth()).toMatchObject({ configured: true, reachable: false });
    expect(await createComfyUiProvider({ baseUrl: '' }).checkHealth()).toMatchObject({ configured: false, reachable: false });
  });
});
