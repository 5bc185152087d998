import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MESSAGES, HOMEOWNER_MESSAGES } from '#shared/messages';
import { bearer, signIn, signUp } from '#tests/helpers/auth';
import { createTestApp, TEST_ADMIN, type TestApp } from '#tests/helpers/test-app';
import { requireRole } from './guards';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
  // A route that only admins may call, to exercise the guards through HTTP.
  harness.app.get('/api/test/admin-only', async (request) => ({ success: true, user: await requireRole(request, 'admin') }));
  harness.app.get('/api/test/contractor-area', async (request) => ({
    success: true,
    user: await requireRole(request, 'contractor', 'admin'),
  }));
});
afterAll(() => harness.close());

describe('sign-up', () => {
  it('refuses a 5-character password on the server with the seed message, and creates no user', async () => {
    const { response } = await signUp(harness.app, { email: 'short@example.com', password: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: HOMEOWNER_MESSAGES.passwordTooShort });
    const user = await harness.app.database.db.selectFrom('users').selectAll().where('email', '=', 'short@example.com').executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('requires a full name', async () => {
    const { response } = await signUp(harness.app, { name: '  ', email: 'noname@example.com', password: 'secret1' });
    expect(response.statusCode).toBe(400);
  });

  it('creates a homeowner, signs them in and counts the login', async () => {
    const { response, cookie } = await signUp(harness.app, { name: 'Jane Doe', email: 'jane@example.com', password: 'secret1' });
    expect(response.statusCode).toBe(200);
    expect(cookie).toBeDefined();

    const session = await harness.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json().user).toMatchObject({ email: 'jane@example.com', name: 'Jane Doe', role: 'homeowner' });

    const { db } = harness.app.database;
    const user = await db.selectFrom('users').selectAll().where('email', '=', 'jane@example.com').executeTakeFirstOrThrow();
    expect(user.login_count).toBe(1);
    expect(user.last_login_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const events = await db.selectFrom('user_events').selectAll().where('user_id', '=', user.id).execute();
    expect(events.map((event) => event.event_type)).toEqual(['login']);
  });

  it('ignores a role chosen by the person signing up', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Sneaky', email: 'sneaky@example.com', password: 'secret1', role: 'admin' },
    });
    const user = await harness.app.database.db
      .selectFrom('users')
      .select('role')
      .where('email', '=', 'sneaky@example.com')
      .executeTakeFirst();
    expect(response.statusCode === 400 || user?.role === 'homeowner').toBe(true);
  });

  it('refuses a second account with the same email', async () => {
    const { response } = await signUp(harness.app, { email: 'jane@example.com', password: 'another1' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('sign-in, bearer tokens and sign-out', () => {
  it('accepts the bearer token the seeds send and answers the profile read', async () => {
    await signUp(harness.app, { email: 'bob@example.com', password: 'secret1' });
    const { token } = await signIn(harness.app, { email: 'bob@example.com', password: 'secret1' });
    expect(token).toBeTruthy();
    const profile = await harness.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) });
    expect(profile.json()).toMatchObject({ success: true, profile: { role: 'homeowner' } });

    const user = await harness.app.database.db
      .selectFrom('users')
      .select('login_count')
      .where('email', '=', 'bob@example.com')
      .executeTakeFirstOrThrow();
    expect(user.login_count).toBe(2);
  });

  it('rejects a wrong password', async () => {
    const { response } = await signIn(harness.app, { email: 'bob@example.com', password: 'wrong-password' });
    expect(response.statusCode).toBe(401);
  });

  it('ends the session on sign-out', async () => {
    const { cookie } = await signIn(harness.app, { email: 'bob@example.com', password: 'secret1' });
    const out = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const profile = await harness.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(profile.statusCode).toBe(401);
  });
});

describe('guards', () => {
  it('answers 401 with the seed text without a session', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/test/admin-only' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      error: BACK_OFFICE_MESSAGES.authenticationRequired,
      code: 'AUTHENTICATION_REQUIRED',
    });
  });

  it('answers 403 for the wrong role and lets the right role in', async () => {
    const homeowner = await signUp(harness.app, { email: 'carol@example.com', password: 'secret1' });
    const denied = await harness.app.inject({ method: 'GET', url: '/api/test/admin-only', headers: bearer(homeowner.token) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe(BACK_OFFICE_MESSAGES.accessDeniedNotAdmin);
    const deniedArea = await harness.app.inject({ method: 'GET', url: '/api/test/contractor-area', headers: bearer(homeowner.token) });
    expect(deniedArea.statusCode).toBe(403);

    const admin = await signIn(harness.app, TEST_ADMIN);
    const allowed = await harness.app.inject({ method: 'GET', url: '/api/test/admin-only', headers: bearer(admin.token) });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().user).toMatchObject({ email: TEST_ADMIN.email, role: 'admin' });
    const area = await harness.app.inject({ method: 'GET', url: '/api/test/contractor-area', headers: bearer(admin.token) });
    expect(area.statusCode).toBe(200);
  });

  it('sees a role change on the next request', async () => {
    const person = await signUp(harness.app, { email: 'dave@example.com', password: 'secret1' });
    await harness.app.database.db.updateTable('users').set({ role: 'contractor' }).where('email', '=', 'dave@example.com').execute();
    const area = await harness.app.inject({ method: 'GET', url: '/api/test/contractor-area', headers: bearer(person.token) });
    expect(area.statusCode).toBe(200);
  });
});
