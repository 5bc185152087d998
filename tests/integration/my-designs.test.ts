// My Designs through the API: a homeowner's finished designs newest first, blurred until the email step,
// only their own, in pages; deleting one removes its images and leaves the lead it became without them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_DESIGNS_PAGE_SIZE, type MyDesign } from '#shared/my-designs.schema';
import { queueMail } from '#server/infra/mail/outbox';
import { StorageObjectMissingError } from '#server/infra/storage/storage';
import { DESIGN_DELETED_MAIL_ERROR } from '#server/modules/renders/my-designs.service';
import { bearer, signUp } from '../helpers/auth';
import { emailStep, finishedRender } from '../helpers/designs';
import { createTestApp, type TestApp } from '../helpers/test-app';

let harness: TestApp;
const db = () => harness.app.database.db;

beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

async function homeowner(options: { confirmed?: boolean } = {}) {
  const email = `designs-${randomUUID().slice(0, 8)}@example.com`;
  const { token } = await signUp(harness.app, { email, password: 'secret123' }, options);
  return { email, headers: bearer(token) };
}

const myDesigns = async (headers: Record<string, string>, cursor?: string) => {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/api/my-designs${cursor ? `?cursor=${cursor}` : ''}`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { designs: MyDesign[]; nextCursor: string | null };
};

describe('GET /api/my-designs', () => {
  it('lists the homeowner’s own finished designs, newest first, released only after the email step', async () => {
    const person = await homeowner();
    const stranger = await homeowner();
    expect((await myDesigns(person.headers)).designs).toEqual([]);

    const first = await finishedRender(harness.app, person.headers, { styleId: 'farmhouse-chic' });
    const second = await finishedRender(harness.app, person.headers, { styleId: 'industrial-loft' });
    await finishedRender(harness.app, stranger.headers);

    let { designs } = await myDesigns(person.headers);
    expect(designs.map((design) => design.id)).toEqual([second.id, first.id]);
    expect(designs[0]).toMatchObject({ roomType: 'kitchen', styleName: 'Industrial Loft', leadId: null, quoteRequested: false });
    expect(designs[0].render).toMatchObject({ status: 'succeeded', resultUrl: null, provider: 'offline-preview' });
    expect(designs[0].render.previewUrl).toBe(`/api/renders/${second.id}/preview`);

    const step = await emailStep(harness.app, person.headers, first, { email: person.email });
    expect(step.statusCode).toBe(200);
    ({ designs } = await myDesigns(person.headers));
    const released = designs.find((design) => design.id === first.id)!;
    expect(released).toMatchObject({ leadId: step.json().leadId, awaitingConfirmation: false });
    expect(released.render.resultUrl).toBe(`/api/renders/${first.id}/result`);
    expect(designs.find((design) => design.id === second.id)!.render.resultUrl).toBeNull();
  });

  it('says when the design email waits for the address to be confirmed', async () => {
    const person = await homeowner({ confirmed: false });
    const render = await finishedRender(harness.app, person.headers);
    await emailStep(harness.app, person.headers, render, { email: person.email });
    const [design] = (await myDesigns(person.headers)).designs;
    expect(design.awaitingConfirmation).toBe(true);
  });

  it('pages through many designs without skipping or repeating one', async () => {
    const person = await homeowner();
    const render = await finishedRender(harness.app, person.headers);
    const base = await db().selectFrom('renders').selectAll().where('id', '=', render.id).executeTakeFirstOrThrow();
    // Rows copied from a real render, with the same instant for several, so the id breaks the ties.
    const copies = Array.from({ length: MY_DESIGNS_PAGE_SIZE + 5 }, (_, index) => ({
      ...base,
      id: randomUUID(),
      created_at: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(index / 3))).toISOString(),
    }));
    await db().insertInto('renders').values(copies).execute();
    const first = await myDesigns(person.headers);
    expect(first.designs).toHaveLength(MY_DESIGNS_PAGE_SIZE);
    const second = await myDesigns(person.headers, first.nextCursor!);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.designs, ...second.designs].map((design) => design.id);
    expect(new Set(ids).size).toBe(copies.length + 1);
    expect(ids[0]).toBe(render.id);
  });

  it('needs a signed-in person', async () => {
    expect((await harness.app.inject({ method: 'GET', url: '/api/my-designs' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/my-designs/:id', () => {
  const objectExists = async (key: string) =>
    harness.app.storage.get(key).then(
      () => true,
      (error: unknown) => {
        if (error instanceof StorageObjectMissingError) return false;
        throw error;
      },
    );

  it('removes the design and its images; the lead stays without images and its waiting email is not sent', async () => {
    const person = await homeowner();
    const render = await finishedRender(harness.app, person.headers);
    const leadId = (await emailStep(harness.app, person.headers, render, { email: person.email, shareInFeed: true })).json().leadId;
    // A design email still waiting in the outbox (due later, so the sender has not taken it).
    const waiting = await queueMail(
      db(),
      { kind: 'homeowner-design', to: person.email, subject: 'Your design', html: '<p>x</p>', text: 'x', leadId },
      new Date(Date.now() + 3_600_000),
    );
    const row = await db().selectFrom('renders').selectAll().where('id', '=', render.id).executeTakeFirstOrThrow();
    const upload = await db().selectFrom('uploads').selectAll().where('id', '=', row.upload_id).executeTakeFirstOrThrow();

    const stranger = await homeowner();
    const refused = await harness.app.inject({ method: 'DELETE', url: `/api/my-designs/${render.id}`, headers: stranger.headers });
    expect(refused.statusCode).toBe(404);

    const deleted = await harness.app.inject({ method: 'DELETE', url: `/api/my-designs/${render.id}`, headers: person.headers });
    expect(deleted.statusCode).toBe(200);
    expect((await myDesigns(person.headers)).designs).toEqual([]);
    for (const key of [row.result_key!, row.preview_key!, upload.storage_key, upload.email_copy_key])
      expect(await objectExists(key)).toBe(false);
    const lead = await db().selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ render_id: null, image_url: null, ai_url: null, email: person.email });
    const mail = await db().selectFrom('mail_outbox').select(['status', 'last_error']).where('id', '=', waiting).executeTakeFirstOrThrow();
    expect(mail).toEqual({ status: 'failed', last_error: DESIGN_DELETED_MAIL_ERROR });

    const again = await harness.app.inject({ method: 'DELETE', url: `/api/my-designs/${render.id}`, headers: person.headers });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('Design not found.');
  });

  it('keeps the photo while another design was made from it', async () => {
    const person = await homeowner();
    const first = await finishedRender(harness.app, person.headers);
    const uploadId = (await db().selectFrom('renders').select('upload_id').where('id', '=', first.id).executeTakeFirstOrThrow()).upload_id;
    const second = await finishedRender(harness.app, person.headers, { styleId: 'transitional' }, uploadId);
    await harness.app.inject({ method: 'DELETE', url: `/api/my-designs/${first.id}`, headers: person.headers });
    const photo = await harness.app.inject({ method: 'GET', url: second.originalUrl, headers: person.headers });
    expect(photo.statusCode).toBe(200);
    expect((await myDesigns(person.headers)).designs.map((design) => design.id)).toEqual([second.id]);
  });
});
