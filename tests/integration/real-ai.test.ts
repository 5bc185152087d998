// Real AI out of the box, against the local fake of Replicate's published API: with only REPLICATE_API_TOKEN set,
// both engines render on the recommended models and the homeowner gets the provider's image; every render
// records its model and estimated cost; the daily budget switches new renders to the offline preview; and
// GET /api/debug-replicate reports the token and each bound model from real calls, without the token.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReplicateFake, type ReplicateFake } from '../fakes/replicate-fake';
import { bearer, signIn, signUp } from '../helpers/auth';
import { emailStep, finishedRender } from '../helpers/designs';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';

let fake: ReplicateFake;
const apps: TestApp[] = [];

beforeAll(async () => {
  fake = await startReplicateFake();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(async () => {
  await fake.close();
});

async function appWith(env: Record<string, string>) {
  const harness = await createTestApp({ env: { REPLICATE_API_TOKEN: fake.token, REPLICATE_BASE_URL: fake.url, ...env } });
  apps.push(harness);
  const { token } = await signUp(harness.app, { email: `ai-${apps.length}@example.com`, password: 'secret1' });
  const { token: adminToken } = await signIn(harness.app, TEST_ADMIN);
  return { harness, headers: bearer(token), admin: bearer(adminToken) };
}

const stored = (harness: TestApp, id: string) =>
  harness.app.database.db
    .selectFrom('renders')
    .select(['provider', 'model', 'bound_provider', 'cost_usd', 'fallback', 'error'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('real AI with only a Replicate token', () => {
  it('renders both engines on the recommended models and records model and cost', async () => {
    const { harness, headers } = await appWith({});
    const before = fake.createRequests().length;
    const structural = await finishedRender(harness.app, headers, {
      engine: 'structural-design-ai',
      roomType: 'bedroom',
      styleId: 'modern-zen',
    });
    const premium = await finishedRender(harness.app, headers, { engine: 'architectural-vision-engine', styleId: 'contemporary-luxe' });
    expect([structural.status, premium.status]).toEqual(['succeeded', 'succeeded']);

    const creates = fake.createRequests().slice(before);
    expect(creates.map((request) => request.path)).toEqual([
      '/v1/models/black-forest-labs/flux-kontext-pro/predictions',
      '/v1/models/google/nano-banana-2/predictions',
    ]);
    const kontext = (creates[0].json() as { input: { prompt: string } }).input;
    expect(kontext.prompt).toMatch(/^Redesign this bedroom in a Modern Zen style: calm modern zen interior/);

    expect(await stored(harness, structural.id)).toMatchObject({
      provider: 'replicate',
      bound_provider: 'replicate',
      model: 'replicate:black-forest-labs/flux-kontext-pro',
      fallback: false,
    });
    expect(Number((await stored(harness, structural.id)).cost_usd)).toBeCloseTo(0.046, 6);
    expect(await stored(harness, premium.id)).toMatchObject({ model: 'replicate:google/nano-banana-2' });

    // Every view says what made it: the render's state, the engine cards' call, and the homeowner's email.
    expect(structural).toMatchObject({ provider: 'replicate', modelName: 'FLUX.1 Kontext [pro]', fallbackReason: null });
    const engines = (await harness.app.inject({ method: 'GET', url: '/api/engines' })).json();
    expect(engines).toEqual({
      success: true,
      aiPaused: false,
      engines: [
        {
          id: 'structural-design-ai',
          name: 'StructuralDesign AI',
          renderer: { kind: 'ai', model: 'FLUX.1 Kontext [pro]', provider: 'Replicate', label: 'FLUX.1 Kontext [pro] on Replicate' },
        },
        {
          id: 'architectural-vision-engine',
          name: 'Architectural Vision Engine',
          renderer: {
            kind: 'ai',
            model: 'Nano Banana 2 (Gemini 3.1 Flash Image)',
            provider: 'Replicate',
            label: 'Nano Banana 2 (Gemini 3.1 Flash Image) on Replicate',
          },
        },
      ],
    });
    expect((await emailStep(harness.app, headers, structural, { email: 'ai-1@example.com' })).statusCode).toBe(200);
    const mail = await harness.app.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text'])
      .where('kind', '=', 'homeowner-design')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your Bedroom design is ready');
    expect(mail.text).toContain('Rendered with AI (FLUX.1 Kontext [pro] on Replicate).');
  });

  it('switches new renders to the offline preview, marked, once today’s spend reaches AI_DAILY_BUDGET_USD', async () => {
    const { harness, headers, admin } = await appWith({ AI_DAILY_BUDGET_USD: '0.04' });
    const budget = () => harness.app.inject({ method: 'GET', url: '/api/admin/ai-budget', headers: admin }).then((r) => r.json().budget);
    expect(await budget()).toEqual({ dailyBudgetUsd: 0.04, spentTodayUsd: 0, reached: false });
    const first = await finishedRender(harness.app, headers);
    expect(await stored(harness, first.id)).toMatchObject({ provider: 'replicate', fallback: false });

    const before = fake.createRequests().length;
    const second = await finishedRender(harness.app, headers);
    expect(fake.createRequests().length).toBe(before);
    expect(await stored(harness, second.id)).toMatchObject({
      provider: 'offline-preview',
      bound_provider: 'replicate',
      model: 'offline-preview',
      cost_usd: 0,
      fallback: true,
      error: 'The daily AI budget is reached: the offline preview rendered this design instead.',
    });

    // The homeowner is told why, and the engine cards say AI is paused for the day.
    const state = (await harness.app.inject({ method: 'GET', url: `/api/renders/${second.id}`, headers })).json().render;
    expect(state).toMatchObject({ provider: 'offline-preview', modelName: null, fallback: true, fallbackReason: 'daily-budget' });
    expect((await harness.app.inject({ method: 'GET', url: '/api/engines' })).json().aiPaused).toBe(true);

    // Admins see it: the banner's call and the System status tab's spend per provider.
    expect(await budget()).toEqual({ dailyBudgetUsd: 0.04, spentTodayUsd: 0.046, reached: true });
    const status = (await harness.app.inject({ method: 'GET', url: '/api/admin/system-status', headers: admin })).json();
    expect(status.aiSpend.today).toEqual([{ provider: 'replicate', renders: 2, failed: 0, fellBack: 1, costUsd: 0.046 }]);
    expect(status.aiSpend.last30Days).toEqual(status.aiSpend.today);
    expect(status.engines.map((engine: { model: string }) => engine.model)).toEqual([
      'FLUX.1 Kontext [pro]',
      'Nano Banana 2 (Gemini 3.1 Flash Image)',
    ]);
  });

  it('answers /api/debug-replicate from real calls: the token, each bound model and the upscaler', async () => {
    // Replicate no longer knows a bound model (withdrawn, or the account lost access).
    fake.state.unknownModels.add('google/nano-banana');
    const { harness, admin } = await appWith({ ENGINE_ARCHITECTURAL_VISION_ENGINE: 'replicate:google/nano-banana' });
    const response = await harness.app.inject({ method: 'GET', url: '/api/debug-replicate', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(fake.token);
    const body = response.json();
    expect(body.workingModels).toEqual(['black-forest-labs/flux-kontext-pro', 'recraft-ai/recraft-crisp-upscale']);
    expect(body.modelTests).toEqual([
      expect.objectContaining({
        model: 'black-forest-labs/flux-kontext-pro',
        name: 'FLUX.1 Kontext [pro]',
        usedBy: ['StructuralDesign AI'],
        working: true,
      }),
      expect.objectContaining({ model: 'google/nano-banana', working: false, detail: expect.stringContaining('HTTP 404') }),
      expect.objectContaining({ model: 'recraft-ai/recraft-crisp-upscale', working: true }),
    ]);
    expect(body.message).toContain('Replicate accepted the token (account metrowest).');
    expect(body.recommendation).toContain('Not available: google/nano-banana (Architectural Vision Engine)');
    fake.state.unknownModels.clear();
    expect(fake.requests.some((request) => request.path === '/v1/account')).toBe(true);
  });

  it('says when the token is refused, without repeating it', async () => {
    const { harness, admin } = await appWith({ REPLICATE_API_TOKEN: 'r8_wrong_token_value' });
    const response = await harness.app.inject({ method: 'GET', url: '/api/debug-replicate', headers: admin });
    expect(response.body).not.toContain('r8_wrong_token_value');
    const body = response.json();
    expect(body.workingModels).toEqual([]);
    expect(body.message).toMatch(/Replicate did not accept the token: HTTP 401/);
    expect(body.recommendation).toMatch(/^Replicate does not accept REPLICATE_API_TOKEN/);
  });
});
