// Accounts as a person expects them, through the API: a forgotten password reset from the email (single use,
// one hour, every device signed out, no hint whether an address has an account), changing the password,
// signing out everywhere, and asking for the confirmation link again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, HOMEOWNER_MESSAGES } from '#shared/messages';
import { bearer, signIn, signUp } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

let harness: TestApp;
const db = () => harness.app.database.db;

beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

const newEmail = () => `reset-${randomUUID().slice(0, 8)}@example.com`;

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  harness.app.inject({ method: 'POST', url, payload: payload as object, headers });

async function resetMails(email: string) {
  return db()
    .selectFrom('mail_outbox')
    .select(['text', 'html'])
    .where('kind', '=', 'password-reset')
    .where('to_address', '=', email)
    .execute();
}

const tokenIn = (text: string) => new URL(text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)![0]).searchParams.get('token')!;

const session = (token: string | undefined) =>
  harness.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: bearer(token) }).then((response) => response.json());

describe('forgotten password', () => {
  it('mails a link to our reset page that sets a new password once and signs every device out', async () => {
    const email = newEmail();
    const { token: device } = await signUp(harness.app, { email, password: 'old-secret' });
    const asked = await post('/api/auth/request-password-reset', { email });
    expect(asked.statusCode).toBe(200);
    const [mail] = await resetMails(email);
    expect(mail.text).toContain('http://localhost:3000/reset-password?token=');
    const token = tokenIn(mail.text);
    // Kept as a hash: the token itself is nowhere in the database.
    const stored = await db().selectFrom('verifications').select('identifier').execute();
    expect(stored.some((row) => row.identifier.includes(token))).toBe(false);

    const tooShort = await post('/api/auth/reset-password', { token, newPassword: 'abc' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error).toBe(HOMEOWNER_MESSAGES.passwordTooShort);

    expect((await post('/api/auth/reset-password', { token, newPassword: 'new-secret' })).statusCode).toBe(200);
    expect(await session(device)).toBeNull();
    expect((await signIn(harness.app, { email, password: 'old-secret' })).response.statusCode).toBe(401);
    expect((await signIn(harness.app, { email, password: 'new-secret' })).response.statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token, newPassword: 'third-secret' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');
  });

  it('answers the same for an address with no account, and mails nobody', async () => {
    const email = newEmail();
    const answer = await post('/api/auth/request-password-reset', { email });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toMatch(/If this email exists/);
    expect(await resetMails(email)).toEqual([]);
  });

  it('refuses an expired link and a made-up one', async () => {
    const email = newEmail();
    await signUp(harness.app, { email, password: 'old-secret' });
    await post('/api/auth/request-password-reset', { email });
    const token = tokenIn((await resetMails(email))[0].text);
    await db()
      .updateTable('verifications')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await post('/api/auth/reset-password', { token, newPassword: 'new-secret' })).statusCode).toBe(400);
    expect((await post('/api/auth/reset-password', { token: 'x'.repeat(24), newPassword: 'new-secret' })).statusCode).toBe(400);
    expect((await signIn(harness.app, { email, password: 'old-secret' })).response.statusCode).toBe(200);
  });

  it('limits requests per address', async () => {
    const email = newEmail();
    await signUp(harness.app, { email, password: 'old-secret' });
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await post('/api/auth/request-password-reset', { email })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await resetMails(email)).toHaveLength(3);
  });
});

describe('signed in', () => {
  it('changes the password with the current one, and can sign the other devices out', async () => {
    const email = newEmail();
    const { token: phone } = await signUp(harness.app, { email, password: 'old-secret' });
    const { token: laptop } = await signIn(harness.app, { email, password: 'old-secret' });
    const wrong = await post('/api/auth/change-password', { currentPassword: 'nope-nope', newPassword: 'new-secret' }, bearer(laptop));
    expect(wrong.statusCode).toBe(400);
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: 'old-secret', newPassword: 'new-secret', revokeOtherSessions: true },
      bearer(laptop),
    );
    expect(changed.statusCode).toBe(200);
    expect(await session(phone)).toBeNull();
    expect((await signIn(harness.app, { email, password: 'new-secret' })).response.statusCode).toBe(200);
  });

  it('signs out everywhere', async () => {
    const email = newEmail();
    const { token: phone } = await signUp(harness.app, { email, password: 'old-secret' });
    const { token: laptop } = await signIn(harness.app, { email, password: 'old-secret' });
    expect((await post('/api/auth/revoke-sessions', {}, bearer(laptop))).statusCode).toBe(200);
    expect(await session(phone)).toBeNull();
    expect(await session(laptop)).toBeNull();
  });

  it('sends the confirmation link again, not twice within minutes, and not once confirmed', async () => {
    const email = newEmail();
    const { token } = await signUp(harness.app, { email, password: 'old-secret' }, { confirmed: false });
    const first = await post('/api/account/confirmation-email', {}, bearer(token));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.confirmationResent(email), alreadyConfirmed: false });
    const second = await post('/api/account/confirmation-email', {}, bearer(token));
    expect(second.statusCode).toBe(429);
    expect(second.json().error).toBe(ACCOUNT_MESSAGES.confirmationWait(5));
    const mails = await db()
      .selectFrom('mail_outbox')
      .select('id')
      .where('kind', '=', 'email-confirmation')
      .where('to_address', '=', email)
      .execute();
    expect(mails).toHaveLength(1);

    await db().updateTable('users').set({ email_verified: true }).where('email', '=', email).execute();
    const confirmed = await post('/api/account/confirmation-email', {}, bearer(token));
    expect(confirmed.json()).toMatchObject({ alreadyConfirmed: true, message: ACCOUNT_MESSAGES.alreadyConfirmed });
    expect((await post('/api/account/confirmation-email', {})).statusCode).toBe(401);
  });
});
