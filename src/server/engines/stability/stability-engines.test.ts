// Stability AI's engine list for GET /api/debug-replicate, against the local fake of its published API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStabilityFake, type StabilityFake } from '#tests/fakes/stability-fake';
import { listStabilityEngines } from './stability-engines';

let fake: StabilityFake;
beforeEach(async () => {
  fake = await startStabilityFake();
});
afterEach(async () => {
  await fake.close();
});

describe('Stability AI engine list', () => {
  it('lists the engine ids', async () => {
    expect(await listStabilityEngines({ apiKey: fake.apiKey, baseUrl: fake.url })).toEqual({
      ok: true,
      ids: ['stable-diffusion-xl-1024-v1-0', 'stable-diffusion-v1-6'],
    });
  });

  it('says what went wrong with a refused key, without the key', async () => {
    const answer = await listStabilityEngines({ apiKey: 'sk-wrong-key-value', baseUrl: fake.url });
    expect(answer).toEqual({ ok: false, detail: 'Stability AI answered HTTP 401 to GET /v1/engines/list' });
    expect(JSON.stringify(answer)).not.toContain('sk-wrong-key-value');
  });
});
