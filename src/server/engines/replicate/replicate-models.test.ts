// Each supported Replicate model gets the input its published API page describes (the fake checks every field
// against those schemas and answers 422 as Replicate does), the photo the way Replicate prefers, and a result
// at least 1536 px on its long side.
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engineInput } from '#tests/fakes/engine-input';
import { startReplicateFake, type ReplicateFake } from '#tests/fakes/replicate-fake';
import { solidJpeg } from '#tests/fakes/test-images';
import { refinementInstruction } from '#server/engines/prompts/instruction-prompt';
import { parseReplicateModel } from './replicate-model';
import { createReplicateProvider } from './replicate-provider';

let fake: ReplicateFake;
beforeEach(async () => {
  fake = await startReplicateFake();
});
afterEach(async () => {
  await fake.close();
});

const provider = (model: string) =>
  createReplicateProvider({
    apiToken: fake.token,
    baseUrl: fake.url,
    model: parseReplicateModel(model),
    pollIntervalMs: 1,
    retryBaseDelayMs: 1,
  });

const sentInput = () => (fake.createRequests().at(-1)!.json() as { input: Record<string, unknown> }).input;

/** A noisy JPEG over 1 MB (flat colour compresses to nothing). */
async function bigPhoto(): Promise<Buffer> {
  const width = 1920;
  const height = 1280;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe('Replicate models', () => {
  it('google/nano-banana gets an instruction and image_input as a list, at its model endpoint', async () => {
    const output = await provider('google/nano-banana').render(await engineInput({ roomType: 'bedroom', styleId: 'modern-zen' }));
    expect(fake.createRequests().at(-1)!.path).toBe('/v1/models/google/nano-banana/predictions');
    const input = sentInput();
    expect(Object.keys(input).sort()).toEqual(['aspect_ratio', 'image_input', 'output_format', 'prompt']);
    expect(input.image_input).toEqual([expect.stringMatching(/^data:image\/jpeg;base64,/)]);
    expect(input).toMatchObject({ aspect_ratio: 'match_input_image', output_format: 'jpg' });
    // An instruction with an interior reading of the outdoor-named preset, and what must not move.
    expect(input.prompt).toMatch(/^Redesign this bedroom in a Modern Zen style: calm modern zen interior, /);
    expect(input.prompt).toContain("Keep the room's layout, walls, windows, doors, ceiling height and camera angle exactly as they are");
    expect(input.prompt).not.toMatch(/grasses|pavers|olive trees and potted herbs/);
    expect(output).toMatchObject({ provider: 'replicate', model: 'replicate:google/nano-banana' });
  });

  it('google/nano-banana-2 also asks for a 2K result, so no upscale is needed', async () => {
    fake.state.outputImage = await solidJpeg(2048, 1365);
    const output = await provider('google/nano-banana-2').render(await engineInput());
    expect(sentInput()).toMatchObject({ aspect_ratio: 'match_input_image', resolution: '2K', output_format: 'jpg' });
    expect(fake.upscaleRequests()).toHaveLength(0);
    const { width, height } = await sharp(output.image).metadata();
    expect([width, height]).toEqual([1920, 1280]);
    expect(output.costUsd).toBe(0.101);
  });

  it('flux-kontext-pro gets input_image, the seed and a safety tolerance allowed with an input image', async () => {
    const output = await provider('black-forest-labs/flux-kontext-pro').render(await engineInput({ customPrompt: 'a navy island' }));
    const input = sentInput();
    expect(input).toMatchObject({ aspect_ratio: 'match_input_image', output_format: 'jpg', safety_tolerance: 2, seed: 4242 });
    expect(String(input.input_image)).toMatch(/^data:image\/jpeg;base64,/);
    expect(input.prompt).toContain('The homeowner also asks for: a navy island.');
    // Kontext answers about one megapixel: the upscaler brings it to the product's size, and is priced in.
    expect(fake.upscaleRequests()).toHaveLength(1);
    expect((fake.upscaleRequests()[0].json() as { input: unknown }).input).toEqual({ image: `${fake.url}/files/output.jpg` });
    expect(output.costUsd).toBeCloseTo(0.04 + 0.006, 6);
  });

  it('refuses what a published schema refuses, as a clear 422', async () => {
    const tooPermissive = createReplicateProvider({
      apiToken: fake.token,
      baseUrl: fake.url,
      model: parseReplicateModel('black-forest-labs/flux-kontext-pro'),
      input: (_input, image) => ({ prompt: 'x', input_image: image, safety_tolerance: 5 }),
    });
    await expect(tooPermissive.render(await engineInput())).rejects.toThrow(
      /HTTP 422.*safety_tolerance: 2 is currently the maximum allowed when input images are used/,
    );
  });

  it('a refinement sends its own instruction, not the redesign', async () => {
    const instruction = refinementInstruction('paint the walls sage green');
    await provider('google/nano-banana').render(await engineInput({ refinement: 'paint the walls sage green' }));
    expect(sentInput().prompt).toBe(instruction);
    expect(instruction).toMatch(/^Edit this photograph: paint the walls sage green\. Change nothing else/);
  });

  it('sends a photo over 1 MB through the Files API and deletes the upload once the prediction exists', async () => {
    const image = await bigPhoto();
    expect(image.length).toBeGreaterThan(1_000_000);
    await provider('google/nano-banana').render(await engineInput({ image }));
    const [upload] = fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/files');
    expect(upload.headers.authorization).toBe(`Bearer ${fake.token}`);
    const content = (await upload.form()).get('content') as Blob;
    expect(Buffer.from(await content.arrayBuffer()).equals(image)).toBe(true);
    const [fileId] = [...new Set(fake.deletedFiles)];
    expect(sentInput().image_input).toEqual([`${fake.url}/v1/files/${fileId}`]);
    await expect.poll(() => fake.files.size).toBe(0);
  });

  it('enlarges the image itself when the upscaler fails, and does not charge for it', async () => {
    fake.script.push('upscale', { status: 500, json: { title: 'Internal error', detail: 'upscaler down', status: 500 } });
    const output = await createReplicateProvider({
      apiToken: fake.token,
      baseUrl: fake.url,
      model: parseReplicateModel('black-forest-labs/flux-kontext-pro'),
      pollIntervalMs: 1,
      retryBaseDelayMs: 1,
      maxRetries: 0,
    }).render(await engineInput());
    const { width, height } = await sharp(output.image).metadata();
    expect([width, height]).toEqual([1536, 1024]);
    expect(output.costUsd).toBe(0.04);
  });

  it('reports its model by the name people see', () => {
    expect(provider('black-forest-labs/flux-kontext-pro').model).toEqual({
      key: 'replicate:black-forest-labs/flux-kontext-pro',
      displayName: 'FLUX.1 Kontext [pro]',
    });
    expect(provider('google/nano-banana-2').model.displayName).toBe('Nano Banana 2 (Gemini 3.1 Flash Image)');
  });
});
