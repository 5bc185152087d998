// Sessions without a database round trip (issue 22): a browser's reads are answered from the signed session
// copy in its cookie for SESSION_COOKIE_CACHE_SECONDS; writes and staff routes always look the session up.
// So signing out everywhere, deleting an account and demoting a staff member stop every write and every
// staff read at once, and the revoked session's own reads within the cache lifetime.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE_CACHE_SECONDS } from '#server/modules/auth/auth';
import { signIn, signUp } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
});
afterAll(() => harness.close());
afterEach(() => vi.useRealTimers());

const db = () => harness.app.database.db;
const get = (url: string, cookie: string) => harness.app.inject({ method: 'GET', url, headers: { cookie } });
const write = (cookie: string) =>
  harness.app.inject({ method: 'POST', url: '/api/account/confirmation-email', headers: { cookie, origin: 'http://localhost:3000' } });

/** A signed-up person signed in on a second device, holding that device's cookies. */
async function personOnTwoDevices(role: 'homeowner' | 'admin' = 'homeowner') {
  const email = `cache-${randomUUID().slice(0, 8)}@example.com`;
  const first = await signUp(harness.app, { email, password: 'secret-one' });
  if (role !== 'homeowner') await db().updateTable('users').set({ role }).where('email', '=', email).execute();
  const second = await signIn(harness.app, { email, password: 'secret-one' });
  const id = (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  return { id, email, first: first.cookies, second: second.cookies };
}

/** Past the cookie copy's lifetime. */
function laterThanTheCache() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + (SESSION_COOKIE_CACHE_SECONDS + 5) * 1000);
}

describe('the session cookie cache', () => {
  it('answers a browser’s reads from the cookie copy, without the session row', async () => {
    const person = await personOnTwoDevices();
    expect(person.second).toContain('better-auth.session_data=');
    expect((await get('/api/my-designs', person.second)).statusCode).toBe(200);
    // The session row is gone (what signing out elsewhere does); the copy still answers reads for now ...
    await db().deleteFrom('sessions').where('user_id', '=', person.id).execute();
    expect((await get('/api/my-designs', person.second)).statusCode).toBe(200);
    // ... never a write ...
    expect((await write(person.second)).statusCode).toBe(401);
    // ... and no read once the copy is older than its lifetime.
    laterThanTheCache();
    expect((await get('/api/my-designs', person.second)).statusCode).toBe(401);
  });

  it('signs other devices out of writes at once and out of reads within the cache lifetime', async () => {
    const person = await personOnTwoDevices();
    const revoked = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-sessions',
      headers: { cookie: person.first, origin: 'http://localhost:3000' },
      payload: {},
    });
    expect(revoked.statusCode).toBe(200);
    expect((await write(person.second)).statusCode).toBe(401);
    laterThanTheCache();
    expect((await get('/api/my-designs', person.second)).statusCode).toBe(401);
  });

  it('takes a demoted admin out of every staff route at once', async () => {
    const admin = await personOnTwoDevices('admin');
    expect((await get('/api/admin/get-all-users', admin.second)).statusCode).toBe(200);
    await db().updateTable('users').set({ role: 'homeowner' }).where('id', '=', admin.id).execute();
    expect((await get('/api/admin/get-all-users', admin.second)).statusCode).toBe(403);
  });

  it('stops a deleted account’s writes at once and its reads within the cache lifetime', async () => {
    const person = await personOnTwoDevices();
    const deleted = await harness.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: person.first, origin: 'http://localhost:3000' },
      payload: { confirmEmail: person.email },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await write(person.second)).statusCode).toBe(401);
    laterThanTheCache();
    expect((await get('/api/my-designs', person.second)).statusCode).toBe(401);
  });

  it('renews the cookie copy with the answer when a read had to look the session up', async () => {
    const person = await personOnTwoDevices();
    laterThanTheCache();
    const read = await get('/api/my-designs', person.second);
    expect(read.statusCode).toBe(200);
    const setCookies = ([] as string[]).concat(read.headers['set-cookie'] ?? []);
    expect(setCookies.some((cookie) => cookie.startsWith('better-auth.session_data='))).toBe(true);
  });

  it('never takes a copy the browser altered, even after the real one was accepted', async () => {
    const person = await personOnTwoDevices();
    // The genuine copy, accepted (and remembered by this process).
    expect((await get('/api/profile', person.second)).json().profile.role).toBe('homeowner');
    const altered = person.second.replace(/better-auth\.session_data=([^;]+)/, (_match, value: string) => {
      const payload = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
      payload.session.user.role = 'admin';
      return `better-auth.session_data=${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    });
    expect(altered).not.toBe(person.second);
    // better-auth refuses the signature and looks the session up: the role is the database's.
    expect((await get('/api/profile', altered)).json().profile.role).toBe('homeowner');
  });
});
