// Security headers, cookie attributes, cross-site request refusal and rate limits, through the real app.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '#shared/messages';
import { EARLY_INPUT_CAPTURE_SOURCE } from '#server/http/security';
import { bearer, signUp } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ env: { RENDERS_PER_USER_PER_DAY: '2' } });
});
afterAll(() => harness.close());

const feedback = (headers: Record<string, string> = {}) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/feedback/submit',
    headers,
    payload: { rating: 5, comment: 'Lovely', source: 'security-test' },
  });

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and the usual hardening headers on pages and API answers', async () => {
    for (const url of ['/', '/api/health']) {
      const response = await harness.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      // Our own scripts, and the one inline script by its hash (decision 063): no inline script else.
      expect(csp).toContain(`script-src 'self' ${EARLY_INPUT_CAPTURE_SOURCE};`);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('sets session cookies HttpOnly and SameSite=Lax', async () => {
    const { response } = await signUp(harness.app, { email: `cookie-${randomUUID().slice(0, 8)}@example.com`, password: 'secret123' });
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const session = cookies.find((cookie) => cookie.includes('session_token'));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });

  it('marks cookies Secure and sends HSTS behind HTTPS', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://renovations.example.com' } });
    try {
      const { response } = await signUp(secure.app, { email: `secure-${randomUUID().slice(0, 8)}@example.com`, password: 'secret123' });
      const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
      expect(cookies.find((cookie) => cookie.includes('session_token'))).toMatch(/Secure/);
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await secure.close();
    }
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing call from another site and changes nothing', async () => {
    const before = await harness.app.database.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await feedback({ origin: 'https://evil.example' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, error: PRODUCT_MESSAGES.crossSiteRefused, code: 'FORBIDDEN' });
    const after = await harness.app.database.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('accepts our own origin and calls without an Origin header', async () => {
    expect((await feedback({ origin: harness.config.publicUrl })).statusCode).toBe(200);
    expect((await feedback()).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per account with a clear 429 and Retry-After', async () => {
    const email = `limited-${randomUUID().slice(0, 8)}@example.com`;
    const attempt = () =>
      harness.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: 'wrong-password' } });
    for (let index = 0; index < 10; index += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      error: 'Too many sign-in attempts. Please try again in 15 minutes.',
      code: 'RATE_LIMITED',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    // Another account from the same network is not locked out.
    const other = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: `other-${email}`, password: 'wrong-password' },
    });
    expect(other.statusCode).toBe(401);
  }, 60_000);

  it('limits sign-up attempts per email address', async () => {
    const email = `signup-limited-${randomUUID().slice(0, 8)}@example.com`;
    const attempt = () =>
      harness.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { name: 'Sam Signup', email, password: 'secret123' } });
    expect((await attempt()).statusCode).toBe(200);
    // The address is taken now: the next attempts fail, and after five in the hour the sixth is refused outright.
    for (let index = 0; index < 4; index += 1) expect((await attempt()).statusCode).not.toBe(429);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      error: 'Too many sign-up attempts. Please try again in 60 minutes.',
      code: 'RATE_LIMITED',
    });
    const other = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Other', email: `other-${email}`, password: 'secret123' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('limits renders per homeowner per day', async () => {
    const { token } = await signUp(harness.app, { email: `renders-${randomUUID().slice(0, 8)}@example.com`, password: 'secret123' });
    const render = () =>
      harness.app.inject({
        method: 'POST',
        url: '/api/renders',
        headers: bearer(token),
        payload: { uploadId: randomUUID(), roomType: 'kitchen', engine: 'structural-design-ai', styleId: 'farmhouse-chic' },
      });
    expect((await render()).statusCode).toBe(404);
    expect((await render()).statusCode).toBe(404);
    const limited = await render();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many renders today\. Please try again in \d+ hours\.$/);
  });

  it('limits the feedback form per network', async () => {
    let status = 200;
    let count = 0;
    while (status !== 429 && count < 40) {
      status = (await feedback()).statusCode;
      count += 1;
    }
    expect(status).toBe(429);
    expect(count).toBe(21 - 2); // two calls above already counted
  });
});
