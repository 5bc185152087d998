// No secret, token or password in any log line: a session of typical traffic at the most verbose level,
// with a failing AI provider (its error path logs), and every line and console message grepped.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, signIn, signUp } from '../helpers/auth';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';

const REPLICATE_TOKEN = 'r8_loggrep_secret_token_123456789';
const lines: string[] = [];
let harness: TestApp;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  harness = await createTestApp({
    env: {
      LOG_LEVEL: 'trace',
      // A Replicate binding that cannot connect: the provider's failure is logged with its request.
      ENGINE_STRUCTURAL_DESIGN_AI: 'replicate:adirik/interior-design',
      REPLICATE_API_TOKEN: REPLICATE_TOKEN,
      REPLICATE_BASE_URL: 'http://127.0.0.1:9',
    },
    overrides: { logStream },
  });
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  await harness.close();
});

describe('secrets in logs', () => {
  it('never writes a password, session token, cookie, API token, link token or the auth secret', async () => {
    const { app, config } = harness;
    const password = `pw-${randomUUID()}`;
    const email = `logs-${randomUUID().slice(0, 8)}@example.com`;
    const { response: signUpResponse, token } = await signUp(app, { email, password });
    const cookie = ([] as string[]).concat(signUpResponse.headers['set-cookie'] ?? [])[0]?.split(';')[0] ?? '';
    await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: 'a-wrong-password' } });
    await app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    const admin = await signIn(app, TEST_ADMIN);
    await app.inject({ method: 'GET', url: '/api/admin/system-status', headers: bearer(admin.token) });
    await app.inject({ method: 'GET', url: '/api/debug-env', headers: bearer(admin.token) });

    // Links that carry a credential in their URL: invitation, unsubscribe, QR-code upload page.
    const linkToken = `tok-${randomUUID()}`;
    for (const url of [
      `/api/contractor-invitations/by-token/${linkToken}`,
      `/api/email/unsubscribe?email=${encodeURIComponent(email)}&token=${linkToken}`,
      `/m/${linkToken}`,
      `/api/upload-links/by-token/${linkToken}`,
    ]) {
      await app.inject({ method: 'GET', url });
    }

    // A render through the unreachable provider: its errors and the fallback are logged.
    const photo = await readFile(path.resolve('../shared/fixtures/rooms/kitchen_1.jpg'));
    const upload = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...bearer(token), 'content-type': 'application/octet-stream' },
      payload: photo,
    });
    const render = await app.inject({
      method: 'POST',
      url: '/api/renders',
      headers: bearer(token),
      payload: { uploadId: upload.json().upload.id, roomType: 'kitchen', engine: 'structural-design-ai', styleId: 'farmhouse-chic' },
    });
    const id = render.json().render.id as string;
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const status = (await app.inject({ method: 'GET', url: `/api/renders/${id}`, headers: bearer(token) })).json().render.status;
      if (status === 'succeeded' || status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const log = lines.join('\n');
    expect(log.length).toBeGreaterThan(1000);
    const secrets = {
      password,
      sessionToken: token!,
      cookie: cookie.split('=')[1],
      adminPassword: TEST_ADMIN.password,
      adminToken: admin.token!,
      authSecret: config.authSecret,
      replicateToken: REPLICATE_TOKEN,
      linkToken,
    };
    const leaked = Object.entries(secrets)
      .filter(([, value]) => value && log.includes(value))
      .map(([name]) => name);
    expect(leaked).toEqual([]);
  });
});
