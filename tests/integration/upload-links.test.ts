// 'QR Code Upload' links: single use, short-lived, owned by the desktop's user, no sign-in on the phone.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QR_UPLOAD_MESSAGES } from '#shared/messages';
import { bearer, signUp } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

let harness: TestApp;
let token: string | undefined;
let otherToken: string | undefined;
beforeAll(async () => {
  harness = await createTestApp();
  ({ token } = await signUp(harness.app, { email: 'desktop@example.com', password: 'secret1' }));
  ({ token: otherToken } = await signUp(harness.app, { email: 'other-desktop@example.com', password: 'secret1' }));
});
afterAll(() => harness.close());

const photo = () => readFile(path.resolve('../shared/fixtures/rooms/bedroom_1.jpg'));
const createLink = async () => (await harness.app.inject({ method: 'POST', url: '/api/upload-links', headers: bearer(token) })).json().link;
const phoneToken = (url: string) => url.split('/m/')[1];
const sendFromPhone = async (url: string, data: Buffer) =>
  harness.app.inject({
    method: 'POST',
    url: `/api/upload-links/by-token/${phoneToken(url)}/photo`,
    headers: { 'content-type': 'image/jpeg' },
    payload: data,
  });

describe('upload links', () => {
  it('carries a photo from the phone to the desktop user, once', async () => {
    const link = await createLink();
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/m\/[A-Za-z0-9_-]{32}$/);
    expect(link.qrSvg).toContain('<svg');
    expect(
      (await harness.app.inject({ method: 'GET', url: `/api/upload-links/${link.id}`, headers: bearer(token) })).json().link.upload,
    ).toBeNull();

    expect((await harness.app.inject({ method: 'GET', url: `/api/upload-links/by-token/${phoneToken(link.url)}` })).json()).toEqual({
      success: true,
    });
    const sent = await sendFromPhone(link.url, await photo());
    expect(sent.json()).toEqual({ success: true, message: QR_UPLOAD_MESSAGES.photoSent });

    const status = (await harness.app.inject({ method: 'GET', url: `/api/upload-links/${link.id}`, headers: bearer(token) })).json().link;
    expect(status.upload).toMatchObject({ format: 'jpeg', imageUrl: expect.stringMatching(/^\/api\/uploads\//) });
    const image = await harness.app.inject({ method: 'GET', url: status.upload.imageUrl, headers: bearer(token) });
    expect(image.statusCode).toBe(200);

    const again = await sendFromPhone(link.url, await photo());
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBe(QR_UPLOAD_MESSAGES.linkUsed);
  });

  it('refuses an expired link and an unknown one', async () => {
    const link = await createLink();
    await harness.app.database.db
      .updateTable('upload_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', link.id)
      .execute();
    const expired = await sendFromPhone(link.url, await photo());
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toBe(QR_UPLOAD_MESSAGES.linkExpired);
    expect(
      (await harness.app.inject({ method: 'GET', url: `/api/upload-links/${link.id}`, headers: bearer(token) })).json().link.expired,
    ).toBe(true);

    const unknown = await harness.app.inject({ method: 'GET', url: '/api/upload-links/by-token/not-a-real-token-at-all' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(QR_UPLOAD_MESSAGES.linkUnknown);
  });

  it('keeps a bad photo from using up the link', async () => {
    const link = await createLink();
    const bad = await sendFromPhone(link.url, Buffer.from('not a photo'));
    expect(bad.json().code).toBe('INVALID_FORMAT');
    expect((await sendFromPhone(link.url, await photo())).statusCode).toBe(200);
  });

  it('hides a link from another desktop user and needs sign-in to create one', async () => {
    const link = await createLink();
    expect((await harness.app.inject({ method: 'GET', url: `/api/upload-links/${link.id}`, headers: bearer(otherToken) })).statusCode).toBe(
      404,
    );
    expect((await harness.app.inject({ method: 'POST', url: '/api/upload-links' })).statusCode).toBe(401);
  });

  it('serves the phone page for a link path and a 404 for anything else under /m', async () => {
    const { isKnownPagePath } = await import('#shared/pages');
    expect(isKnownPagePath('/m/abcdefghijklmnopqrstuvwxyz012345')).toBe(true);
    expect(isKnownPagePath('/m/short')).toBe(false);
    expect(isKnownPagePath('/m/abc/def')).toBe(false);
  });
});
