// The Replicate webhook end to end: with REPLICATE_WEBHOOK_SECRET set, predictions carry our webhook URL and poll
// slowly (10 s); a genuine signed call makes the waiting render look at once and finish. Bad signatures, stale
// timestamps and replayed deliveries change nothing.
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderState } from '#shared/render.schema';
import { startReplicateFake, TQDM, type ReplicateFake } from '../fakes/replicate-fake';
import { bearer, signUp } from '../helpers/auth';
import { uploadPhoto } from '../helpers/designs';
import { createTestApp, type TestApp } from '../helpers/test-app';

const secretKey = randomBytes(24);
const SECRET = `whsec_${secretKey.toString('base64')}`;

let fake: ReplicateFake;
let harness: TestApp;
let token: string | undefined;

beforeAll(async () => {
  fake = await startReplicateFake();
  harness = await createTestApp({
    env: {
      ENGINE_STRUCTURAL_DESIGN_AI: 'replicate:adirik/interior-design',
      REPLICATE_API_TOKEN: fake.token,
      REPLICATE_BASE_URL: fake.url,
      REPLICATE_WEBHOOK_SECRET: SECRET,
    },
  });
  ({ token } = await signUp(harness.app, { email: 'hook@example.com', password: 'secret1' }));
}, 60_000);
afterAll(async () => {
  await harness.close();
  await fake.close();
});

function signed(body: string, { id = `msg_${randomBytes(8).toString('hex')}`, at = Date.now(), key = secretKey } = {}) {
  const timestamp = String(Math.floor(at / 1000));
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}

const post = (body: string, headers: Record<string, string>) =>
  harness.app.inject({ method: 'POST', url: '/api/webhooks/replicate', headers, payload: body });

async function startWaitingRender(): Promise<{ id: string; predictionId: string }> {
  fake.state.timeline = [{ status: 'processing', logs: TQDM(4, 20) }];
  const uploadId = await uploadPhoto(harness.app, bearer(token));
  const render = (
    await harness.app.inject({
      method: 'POST',
      url: '/api/renders',
      headers: bearer(token),
      payload: { uploadId, roomType: 'kitchen', engine: 'structural-design-ai', styleId: 'contemporary-luxe' },
    })
  ).json().render as RenderState;
  for (;;) {
    const row = await harness.app.database.db
      .selectFrom('renders')
      .select('provider_job_id')
      .where('id', '=', render.id)
      .executeTakeFirstOrThrow();
    if (row.provider_job_id) return { id: render.id, predictionId: row.provider_job_id };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function status(id: string) {
  return (await harness.app.database.db.selectFrom('renders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
}

describe('POST /api/webhooks/replicate', () => {
  it('asks Replicate for the webhook on each prediction', async () => {
    const { id } = await startWaitingRender();
    const body = fake.createRequests().at(-1)!.json() as { webhook?: string; webhook_events_filter?: string[] };
    expect(body.webhook).toBe('http://localhost:3000/api/webhooks/replicate');
    expect(body.webhook_events_filter).toEqual(['completed']);
    await harness.app.inject({ method: 'DELETE', url: `/api/renders/${id}`, headers: bearer(token) });
  }, 30_000);

  it('refuses a bad signature, a stale timestamp and a replay, and wakes the render on a genuine call', async () => {
    const { id, predictionId } = await startWaitingRender();
    fake.state.timeline = [{ status: 'succeeded', logs: TQDM(20, 20) }];
    const body = JSON.stringify({ id: predictionId, status: 'succeeded', output: [`${fake.url}/files/output.jpg`] });

    const forged = await post(body, signed(body, { key: randomBytes(24) }));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ success: false, error: 'Invalid webhook signature.', code: 'AUTHENTICATION_REQUIRED' });
    const tampered = await post(body.replace('succeeded', 'failed'), signed(body));
    expect(tampered.statusCode).toBe(401);
    const stale = await post(body, signed(body, { at: Date.now() - 6 * 60_000 }));
    expect(stale.statusCode).toBe(401);
    // None of these woke the worker: it is still in its 10 s poll pause.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await status(id)).toBe('running');

    const headers = signed(body);
    const genuine = await post(body, headers);
    expect(genuine.statusCode).toBe(200);
    expect(genuine.json()).toEqual({ success: true });
    const replay = await post(body, headers);
    expect(replay.json()).toEqual({ success: true, duplicate: true });

    // Well before the next poll (10 s after the last), the render has read the prediction and finished.
    const deadline = Date.now() + 8_000;
    while ((await status(id)) === 'running' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await status(id)).toBe('succeeded');
  }, 30_000);

  it('is not there without a secret', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({
        method: 'POST',
        url: '/api/webhooks/replicate',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  }, 30_000);
});
