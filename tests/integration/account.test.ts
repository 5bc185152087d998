// A homeowner's data export and account deletion through the API, on an S3 bucket (s3rver) so the test
// also proves uploads, renders and erasure through the S3 adapter. The admin's delete-user runs the same erasure.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '#shared/messages';
import type { RenderState } from '#shared/render.schema';
import { queueMail } from '#server/infra/mail/outbox';
import { SUPPRESSED_MAIL_ERROR } from '#server/infra/mail/suppressions';
import { StorageObjectMissingError } from '#server/infra/storage/storage';
import { bearer, signIn, signUp } from '../helpers/auth';
import { finishedRender, uploadPhoto } from '../helpers/designs';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';
import { readZip } from '../helpers/zip-entries';
import { refreshLeadScores } from '#server/modules/scoring/refresh-lead-scores';

let s3: TestS3Server;
let harness: TestApp;
let adminToken: string | undefined;

beforeAll(async () => {
  s3 = await startS3Server();
  harness = await createTestApp({ env: s3.env });
  ({ token: adminToken } = await signIn(harness.app, TEST_ADMIN));
});
afterAll(async () => {
  await harness?.close();
  await s3?.close();
});

async function uploadAndRender(token: string | undefined): Promise<{ uploadId: string; render: RenderState }> {
  const uploadId = await uploadPhoto(harness.app, bearer(token));
  const render = await finishedRender(harness.app, bearer(token), {}, uploadId);
  expect(render.status).toBe('succeeded');
  return { uploadId, render };
}

const emailStep = (token: string | undefined, email: string, render: RenderState) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/send-email',
    headers: bearer(token),
    payload: {
      email,
      name: 'Dana Leaving',
      phone: '508-555-0142',
      roomType: 'kitchen',
      selectedStyle: { id: 'farmhouse-chic', name: 'Farmhouse Chic', prompt: '' },
      subscribe: true,
      zipCode: '01701',
      designRequestId: render.id,
    },
  });

async function keysOf(uploadId: string): Promise<string[]> {
  const { db } = harness.app.database;
  const upload = await db
    .selectFrom('uploads')
    .select(['storage_key', 'email_copy_key'])
    .where('id', '=', uploadId)
    .executeTakeFirstOrThrow();
  const renders = await db.selectFrom('renders').select(['result_key', 'preview_key']).where('upload_id', '=', uploadId).execute();
  return [upload.storage_key, upload.email_copy_key, ...renders.flatMap((render) => [render.result_key!, render.preview_key!])];
}

describe('the homeowner’s data export and account deletion', () => {
  const email = `dana-${randomUUID().slice(0, 8)}@example.com`;
  let token: string | undefined;
  let emailed: { uploadId: string; render: RenderState };
  let unreleased: { uploadId: string; render: RenderState };
  let leadId: string;

  beforeAll(async () => {
    ({ token } = await signUp(harness.app, { name: 'Dana Leaving', email, password: 'secret1' }));
    emailed = await uploadAndRender(token);
    unreleased = await uploadAndRender(token);
    expect((await emailStep(token, email, emailed.render)).json().success).toBe(true);
    // Free text the homeowner typed on the quote form: it goes with the account.
    const quote = await harness.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: bearer(token),
      payload: {
        designRequestId: emailed.render.id,
        zipCode: '01701',
        projectType: 'Kitchen',
        timeline: 'Ready now',
        budget: '$10k - $25k',
        notes: 'Gate code 4711, call after 5',
      },
    });
    expect(quote.statusCode).toBe(200);
    const { db } = harness.app.database;
    leadId = (await db.selectFrom('leads').select('id').where('render_id', '=', emailed.render.id).executeTakeFirstOrThrow()).id;
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await db
      .insertInto('feedback')
      .values({ id: randomUUID(), lead_id: leadId, user_id: user.id, rating: 5, comment: 'Lovely kitchen' })
      .execute();
  });

  it('exports photos, renders (unreleased ones as the blurred preview), leads, feedback and the profile as a zip', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/account/export', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="metrowest-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = readZip(response.rawPayload);
    expect([...entries.keys()].sort()).toEqual(
      [
        'README.txt',
        'comments.json',
        'feedback.json',
        'leads.json',
        'profile.json',
        'renders.json',
        'uploads.json',
        `photos/${emailed.uploadId}.jpg`,
        `photos/${unreleased.uploadId}.jpg`,
        `renders/${emailed.render.id}.jpg`,
        `renders/${unreleased.render.id}-preview.jpg`,
      ].sort(),
    );
    const { db } = harness.app.database;
    const keys = await db
      .selectFrom('renders')
      .select(['result_key', 'preview_key'])
      .where('id', '=', unreleased.render.id)
      .executeTakeFirstOrThrow();
    expect(entries.get(`renders/${unreleased.render.id}-preview.jpg`)!.equals(await harness.app.storage.get(keys.preview_key!))).toBe(true);
    expect(entries.get(`photos/${emailed.uploadId}.jpg`)!.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(JSON.parse(entries.get('profile.json')!.toString())).toMatchObject({ email, name: 'Dana Leaving', role: 'homeowner' });
    expect(JSON.parse(entries.get('leads.json')!.toString())).toEqual([
      expect.objectContaining({ id: leadId, email, phone: '508-555-0142' }),
    ]);
    expect(JSON.parse(entries.get('feedback.json')!.toString())).toEqual([
      expect.objectContaining({ rating: 5, comment: 'Lovely kitchen' }),
    ]);
    expect(entries.get('profile.json')!.toString()).not.toMatch(/password/i);
  });

  it('lets only the person, or an admin on request, download it', async () => {
    expect((await harness.app.inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
    const { db } = harness.app.database;
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const byAdmin = await harness.app.inject({ method: 'GET', url: `/api/admin/users/${user.id}/export`, headers: bearer(adminToken) });
    expect(byAdmin.statusCode).toBe(200);
    expect(readZip(byAdmin.rawPayload).has(`photos/${emailed.uploadId}.jpg`)).toBe(true);
    expect(
      (await harness.app.inject({ method: 'GET', url: `/api/admin/users/${user.id}/export`, headers: bearer(token) })).statusCode,
    ).toBe(403);
    expect(
      (await harness.app.inject({ method: 'GET', url: `/api/admin/users/${randomUUID()}/export`, headers: bearer(adminToken) })).statusCode,
    ).toBe(404);
  });

  it('refuses a deletion without the typed account email', async () => {
    const missing = await harness.app.inject({ method: 'DELETE', url: '/api/account', headers: bearer(token), payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, error: ACCOUNT_MESSAGES.confirmEmailRequired });
    const wrong = await harness.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(token),
      payload: { confirmEmail: 'someone@example.com' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, error: ACCOUNT_MESSAGES.confirmEmailMismatch });
    expect((await harness.app.inject({ method: 'DELETE', url: '/api/account', payload: { confirmEmail: email } })).statusCode).toBe(401);
    expect((await harness.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('deletes photos and renders from the bucket, anonymises the leads, stops mail and ends every session', async () => {
    const { db } = harness.app.database;
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const keys = [...(await keysOf(emailed.uploadId)), ...(await keysOf(unreleased.uploadId))];
    // A second device, and a mail still waiting in the outbox (due later, so the sender has not taken it).
    const { token: otherDevice } = await signIn(harness.app, { email, password: 'secret1' });
    const waiting = await queueMail(
      db,
      { kind: 'homeowner-design', to: email.toUpperCase(), subject: 'Later', html: '<p>Later</p>', text: 'Later' },
      new Date(Date.now() + 3_600_000),
    );

    const response = await harness.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(token),
      payload: { confirmEmail: ` ${email.toUpperCase()} ` },
    });
    expect(response.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.deleted });

    for (const key of keys) await expect(harness.app.storage.get(key), key).rejects.toBeInstanceOf(StorageObjectMissingError);
    expect(await db.selectFrom('uploads').select('id').where('id', 'in', [emailed.uploadId, unreleased.uploadId]).execute()).toEqual([]);
    expect(await db.selectFrom('renders').select('id').where('id', 'in', [emailed.render.id, unreleased.render.id]).execute()).toEqual([]);
    expect(
      (await harness.app.inject({ method: 'GET', url: `/api/uploads/${emailed.uploadId}/image`, headers: bearer(adminToken) })).statusCode,
    ).toBe(404);
    expect(
      (await harness.app.inject({ method: 'GET', url: `/api/renders/${emailed.render.id}/result`, headers: bearer(adminToken) }))
        .statusCode,
    ).toBe(404);

    const lead = await db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({
      user_id: null,
      render_id: null,
      name: null,
      phone: null,
      notes: null,
      email: `deleted-user-${user.id}@anonymised.invalid`,
      image_url: null,
      ai_url: null,
      zip: '01701',
      room_type: 'kitchen',
      // Nobody's priority any more (docs/lead-business.md), and a rescore keeps it so.
      lead_score: 0,
      probability_to_close_score: 0,
    });
    await refreshLeadScores(db, { leadIds: [leadId] });
    expect(
      await db
        .selectFrom('leads')
        .select(['lead_score', 'intent_score', 'probability_to_close_score'])
        .where('id', '=', leadId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ lead_score: 0, intent_score: 0, probability_to_close_score: 0 });
    expect(await db.selectFrom('feedback').select(['user_id', 'rating']).where('lead_id', '=', leadId).execute()).toEqual([
      { user_id: null, rating: 5 },
    ]);

    expect(await db.selectFrom('mail_outbox').select(['status', 'last_error']).where('id', '=', waiting).executeTakeFirstOrThrow()).toEqual(
      { status: 'failed', last_error: SUPPRESSED_MAIL_ERROR },
    );
    // Mail queued afterwards (a retried request, a racing job) is refused at delivery.
    const late = await queueMail(db, { kind: 'newsletter-confirm', to: email, subject: 'Too late', html: '<p>x</p>', text: 'x' });
    await harness.app.mailer.tick();
    expect(await db.selectFrom('mail_outbox').select(['status', 'last_error']).where('id', '=', late).executeTakeFirstOrThrow()).toEqual({
      status: 'failed',
      last_error: SUPPRESSED_MAIL_ERROR,
    });

    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    for (const device of [token, otherDevice])
      expect((await harness.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(device) })).statusCode).toBe(401);
    expect((await signIn(harness.app, { email, password: 'secret1' })).response.statusCode).toBe(401);
  });

  it('lets mail flow again when the address signs up anew', async () => {
    await signUp(harness.app, { name: 'Dana Again', email, password: 'secret2' });
    const { db } = harness.app.database;
    const welcome = await queueMail(db, { kind: 'system-test', to: email, subject: 'Welcome back', html: '<p>Hi</p>', text: 'Hi' });
    await harness.app.mailer.tick();
    expect((await db.selectFrom('mail_outbox').select('status').where('id', '=', welcome).executeTakeFirstOrThrow()).status).toBe('sent');
  });
});

describe('DELETE /api/admin/delete-user', () => {
  it('runs the same erasure: the person’s images leave the bucket', async () => {
    const email = `admin-deletes-${randomUUID().slice(0, 8)}@example.com`;
    const { token, response } = await signUp(harness.app, { email, password: 'secret1' });
    const { uploadId } = await uploadAndRender(token);
    const keys = await keysOf(uploadId);
    const deleted = await harness.app.inject({
      method: 'DELETE',
      url: '/api/admin/delete-user',
      headers: bearer(adminToken),
      payload: { userId: response.json().user.id },
    });
    expect(deleted.json()).toEqual({ success: true });
    for (const key of keys) await expect(harness.app.storage.get(key), key).rejects.toBeInstanceOf(StorageObjectMissingError);
    expect(await harness.app.database.db.selectFrom('uploads').select('id').where('id', '=', uploadId).execute()).toEqual([]);
  });
});
