// Variations and refinement of one design request: new results on the render pipeline, at most four, each
// blurred until the email step; the picked one is emailed and becomes the lead's image. The offline preview
// refines only what it has words for and says which words it understood; an instruction editor gets the edit.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_MESSAGES, type Design } from '#shared/design.schema';
import type { RenderState } from '#shared/render.schema';
import { startReplicateFake, type ReplicateFake } from '../fakes/replicate-fake';
import { bearer, signIn, signUp } from '../helpers/auth';
import { emailStep, finishedRender } from '../helpers/designs';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';

let harness: TestApp;
let fake: ReplicateFake;
let ai: TestApp;
beforeAll(async () => {
  fake = await startReplicateFake();
  [harness, ai] = await Promise.all([
    createTestApp(),
    createTestApp({ env: { REPLICATE_API_TOKEN: fake.token, REPLICATE_BASE_URL: fake.url } }),
  ]);
});
afterAll(async () => {
  await Promise.all([harness.close(), ai.close()]);
  await fake.close();
});

async function person(app: FastifyInstance, email: string) {
  const { token } = await signUp(app, { email, password: 'secret1' });
  return bearer(token);
}

const call = (
  app: FastifyInstance,
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers, payload });

/** Waits until every result of the design has finished. */
async function settled(app: FastifyInstance, headers: Record<string, string>, designId: string): Promise<Design> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const design: Design = (await call(app, headers, 'GET', `/api/designs/${designId}`)).json().design;
    if (design.results.every((result) => result.status === 'succeeded' || result.status === 'failed')) return design;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the design did not settle');
}

describe('design results', () => {
  it('adds variations and refinements, keeps them blurred, and emails the picked one', async () => {
    const headers = await person(harness.app, 'variations@example.com');
    const first: RenderState = await finishedRender(harness.app, headers, { roomType: 'living_room', styleId: 'modern-zen' });

    const varied = await call(harness.app, headers, 'POST', `/api/designs/${first.id}/variations`);
    expect(varied.statusCode).toBe(200);
    let design = await settled(harness.app, headers, first.id);
    expect(design.results.map((result) => result.kind)).toEqual(['original', 'variation']);
    const variation = design.results[1];
    expect(variation.status).toBe('succeeded');
    // Blurred until the email step, like every result.
    expect((await call(harness.app, headers, 'GET', `/api/renders/${variation.id}/result`)).statusCode).toBe(403);

    // The offline preview refuses what it cannot do, and says what it can.
    const rug = await call(harness.app, headers, 'POST', `/api/designs/${first.id}/refinements`, {
      renderId: variation.id,
      instruction: 'remove the rug',
    });
    expect([rug.statusCode, rug.json().error]).toEqual([400, DESIGN_MESSAGES.offlineDidNotUnderstand]);

    await call(harness.app, headers, 'POST', `/api/designs/${first.id}/refinements`, {
      renderId: variation.id,
      instruction: 'paint the walls sage green',
    });
    design = await settled(harness.app, headers, first.id);
    const refined = design.results[2];
    expect(refined).toMatchObject({ kind: 'refinement', refinement: 'paint the walls sage green', status: 'succeeded' });
    expect(refined.note).toContain('The offline preview applied: sage green (walls).');
    const stored = await harness.app.database.db
      .selectFrom('renders')
      .select(['source_render_id', 'design_id'])
      .where('id', '=', refined.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ source_render_id: variation.id, design_id: first.id });

    // At most four results of one design.
    await call(harness.app, headers, 'POST', `/api/designs/${first.id}/variations`);
    await settled(harness.app, headers, first.id);
    const fifth = await call(harness.app, headers, 'POST', `/api/designs/${first.id}/variations`);
    expect([fifth.statusCode, fifth.json().error]).toEqual([409, DESIGN_MESSAGES.full]);

    // Picking: only a finished result of this design.
    const wrong = await call(harness.app, headers, 'PUT', `/api/designs/${first.id}/pick`, { renderId: 'nope' });
    expect([wrong.statusCode, wrong.json().error]).toEqual([400, DESIGN_MESSAGES.pickFinished]);
    const picked = await call(harness.app, headers, 'PUT', `/api/designs/${first.id}/pick`, { renderId: refined.id });
    expect(picked.json().design.pickedRenderId).toBe(refined.id);

    // The seed's email step (designRequestId = the design) emails the picked result and releases them all.
    expect((await emailStep(harness.app, headers, first, { email: 'variations@example.com' })).statusCode).toBe(200);
    const db = harness.app.database.db;
    const lead = await db
      .selectFrom('leads')
      .select(['id', 'render_id', 'ai_url'])
      .where('design_request_id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ render_id: refined.id, ai_url: `/api/renders/${refined.id}/result` });
    const mail = await db.selectFrom('mail_outbox').select('attachments').where('lead_id', '=', lead.id).executeTakeFirstOrThrow();
    expect(JSON.parse(mail.attachments).find((attachment: { cid: string }) => attachment.cid === 'after-image').storageKey).toBe(
      `renders/${refined.id}/result.jpg`,
    );
    for (const result of design.results)
      expect((await call(harness.app, headers, 'GET', `/api/renders/${result.id}/result`)).statusCode).toBe(200);

    // The lead's dossier keeps the design's history.
    const { token: adminToken } = await signIn(harness.app, TEST_ADMIN);
    const { dossier } = (await call(harness.app, bearer(adminToken), 'GET', `/api/leads/${lead.id}/dossier`)).json();
    expect(dossier.designHistory).toBe(
      '4 results: the first render, 2 variations, 1 change (“paint the walls sage green”); the homeowner picked result 3.',
    );
    const pdf = await call(harness.app, bearer(adminToken), 'GET', `/api/leads/${lead.id}/dossier.pdf`);
    expect(pdf.statusCode).toBe(200);

    // My Designs shows the design once, with the picked result and every result to flip through.
    const mine = (await call(harness.app, headers, 'GET', '/api/my-designs')).json().designs;
    expect(mine).toHaveLength(1);
    expect(mine[0].render.id).toBe(refined.id);
    expect(mine[0].results).toHaveLength(4);
  });

  it("says under a result from the homeowner's own words which it applied and which it could not", async () => {
    const headers = await person(harness.app, 'own-words@example.com');
    const first = await finishedRender(harness.app, headers, {
      roomType: 'living_room',
      styleId: null,
      customPrompt: 'navy walls, white oak floors and brass lamps',
    });
    expect(first.status).toBe('succeeded');
    const design = await settled(harness.app, headers, first.id);
    expect(design.results[0].note).toBe(
      // kitchen_2 is an empty room: nothing brass or colourful to take the accent colour.
      'The offline preview applied: navy (walls), white oak (floor). It found no accents and hardware in this photo, so brass changed nothing. It did not understand: lamps. It changes colours and materials, not objects.',
    );
  });

  it('a stopped result does not take one of the four places', async () => {
    const headers = await person(ai.app, 'stopper@example.com');
    const first = await finishedRender(ai.app, headers);
    // The fake Replicate keeps the variation processing until the homeowner has stopped it, however busy the machine.
    const usual = fake.state.timeline;
    fake.state.timeline = [{ status: 'processing', logs: 'Using seed: 1\nPreparing depth guidance' }];
    try {
      const started: Design = (await call(ai.app, headers, 'POST', `/api/designs/${first.id}/variations`)).json().design;
      expect((await call(ai.app, headers, 'DELETE', `/api/renders/${started.results[1].id}`)).statusCode).toBe(200);
    } finally {
      fake.state.timeline = usual;
    }
    const design = await settled(ai.app, headers, first.id);
    expect(design.results[1]).toMatchObject({ status: 'failed', error: 'Cancelled by the homeowner.' });
    // The first render is still the picked one; three more results fit.
    expect(design.pickedRenderId).toBe(first.id);
    for (let more = 0; more < 3; more += 1) {
      expect((await call(ai.app, headers, 'POST', `/api/designs/${first.id}/variations`)).statusCode).toBe(200);
      await settled(ai.app, headers, first.id);
    }
    expect((await call(ai.app, headers, 'POST', `/api/designs/${first.id}/variations`)).statusCode).toBe(409);
  });

  it('refuses another person’s design as not found', async () => {
    const owner = await person(harness.app, 'owner-d@example.com');
    const other = await person(harness.app, 'other-d@example.com');
    const first = await finishedRender(harness.app, owner);
    for (const [method, url, payload] of [
      ['GET', `/api/designs/${first.id}`, undefined],
      ['POST', `/api/designs/${first.id}/variations`, undefined],
      ['POST', `/api/designs/${first.id}/refinements`, { renderId: first.id, instruction: 'navy cabinets' }],
      ['PUT', `/api/designs/${first.id}/pick`, { renderId: first.id }],
    ] as const)
      expect((await call(harness.app, other, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
  });

  it('sends an instruction editor the edit and the result it edits', async () => {
    const headers = await person(ai.app, 'refine-ai@example.com');
    const first = await finishedRender(ai.app, headers);
    const before = fake.createRequests().length;
    await call(ai.app, headers, 'POST', `/api/designs/${first.id}/refinements`, { renderId: first.id, instruction: 'remove the rug' });
    const design = await settled(ai.app, headers, first.id);
    expect(design.results[1]).toMatchObject({ kind: 'refinement', status: 'succeeded', modelName: 'FLUX.1 Kontext [pro]' });
    const [create] = fake.createRequests().slice(before);
    const input = (create.json() as { input: { prompt: string; input_image: string } }).input;
    expect(input.prompt).toMatch(/^Edit this photograph: remove the rug\. Change nothing else/);
    // The image edited is the first result (the fake's output, upscaled and stored), not the homeowner's photo.
    const result = await ai.app.database.db.selectFrom('renders').select('result_key').where('id', '=', first.id).executeTakeFirstOrThrow();
    const stored = await ai.app.storage.get(result.result_key!);
    expect(input.input_image).toBe(`data:image/jpeg;base64,${stored.toString('base64')}`);
  });
});
