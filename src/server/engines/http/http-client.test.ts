// The shared HTTP client: timeouts, which failures are retried (and which never are), Retry-After, abort, caps.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closedPortUrl, createReplyScript, startFakeHttpServer, type FakeHttpServer } from '#tests/fakes/fake-http-server';
import { createHttpClient, type HttpClientOptions } from './http-client';
import { providerFailure } from '#tests/helpers/provider-failure';

let server: FakeHttpServer;
const script = createReplyScript<'any'>();
beforeEach(async () => {
  server = await startFakeHttpServer(() => script.take('any') ?? { json: { ok: true } });
});
afterEach(async () => {
  await server.close();
});

function client(overrides: Partial<HttpClientOptions> = {}) {
  const waits: number[] = [];
  const http = createHttpClient({
    provider: 'test',
    label: 'Test API',
    retryBaseDelayMs: 10,
    sleep: async (ms) => void waits.push(ms),
    random: () => 1,
    ...overrides,
  });
  return { http, waits };
}

describe('createHttpClient', () => {
  it('returns the whole body with its status and headers', async () => {
    const { http } = client();
    const response = await http.send({ method: 'GET', url: `${server.url}/thing`, what: 'reading' });
    expect([response.status, response.ok, response.json()]).toEqual([200, true, { ok: true }]);
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('retries 502, 503 and 504 with growing backoff, then returns the last answer', async () => {
    script.push('any', { status: 502 }, { status: 503 }, { status: 504 }, { status: 503 });
    const { http, waits } = client({ maxRetries: 3 });
    const response = await http.send({ method: 'GET', url: server.url, what: 'reading' });
    expect(response.status).toBe(503);
    expect(server.requests).toHaveLength(4);
    expect(waits).toEqual([10, 20, 40]);
  });

  it('does not retry other errors such as 500 or 4xx', async () => {
    script.push('any', { status: 500 }, { status: 404 });
    const { http } = client();
    expect((await http.send({ method: 'GET', url: server.url, what: 'reading' })).status).toBe(500);
    expect((await http.send({ method: 'GET', url: server.url, what: 'reading' })).status).toBe(404);
    expect(server.requests).toHaveLength(2);
  });

  it('honours Retry-After as seconds and as an HTTP date, and gives up when it asks for too long', async () => {
    const inTwoSeconds = new Date(Date.now() + 2_000).toUTCString();
    script.push('any', { status: 429, headers: { 'retry-after': '3' } }, { status: 503, headers: { 'retry-after': inTwoSeconds } });
    const { http, waits } = client();
    expect((await http.send({ method: 'GET', url: server.url, what: 'reading' })).status).toBe(200);
    expect(waits[0]).toBe(3000);
    expect(waits[1]).toBeGreaterThan(500);
    expect(waits[1]).toBeLessThanOrEqual(2000);

    script.push('any', { status: 429, headers: { 'retry-after': '3600' } });
    const patient = client({ maxRetryDelayMs: 60_000 });
    expect((await patient.http.send({ method: 'GET', url: server.url, what: 'reading' })).status).toBe(429);
    expect(patient.waits).toEqual([]);
  });

  it('times out a slow answer as a transient error, retrying reads but never a paid call', async () => {
    script.push('any', { delayMs: 300 }, { delayMs: 300 });
    const { http } = client({ requestTimeoutMs: 40, maxRetries: 1 });
    const read = await providerFailure(http.send({ method: 'GET', url: server.url, what: 'reading the status' }));
    expect(read.message).toBe('Test API did not answer within 40 ms while reading the status');
    expect(read.transient).toBe(true);
    expect(server.requests).toHaveLength(2);

    script.push('any', { delayMs: 300 });
    const paid = await providerFailure(http.send({ method: 'POST', url: server.url, what: 'starting the job', startsPaidWork: true }));
    expect(paid.message).toBe('Test API did not answer within 40 ms while starting the job');
    expect(server.requests).toHaveLength(3);
  });

  it('retries a dropped connection for reads, but not for a paid call that may have been received', async () => {
    script.push('any', { destroy: true });
    const { http } = client();
    expect((await http.send({ method: 'GET', url: server.url, what: 'reading' })).status).toBe(200);
    expect(server.requests).toHaveLength(2);

    script.push('any', { destroy: true });
    const error = await providerFailure(http.send({ method: 'POST', url: server.url, what: 'starting the job', startsPaidWork: true }));
    expect(error.message).toMatch(/^Test API could not be reached while starting the job: /);
    expect(server.requests).toHaveLength(3);
  });

  it('retries a paid call when the connection was refused, since nothing was sent', async () => {
    const closed = await closedPortUrl();
    let calls = 0;
    const { http, waits } = client({
      maxRetries: 2,
      fetch: (url, init) => {
        calls += 1;
        return fetch(calls < 3 ? url.replace(server.url, closed) : url, init);
      },
    });
    const response = await http.send({ method: 'POST', url: server.url, what: 'starting the job', startsPaidWork: true });
    expect(response.status).toBe(200);
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it('stops at once with an AbortError when the signal fires, during a request or a wait', async () => {
    script.push('any', { delayMs: 500 });
    const { http } = client();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await expect(http.send({ method: 'GET', url: server.url, what: 'reading', signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });

    script.push('any', { status: 503 });
    const waiting = createHttpClient({ provider: 'test', label: 'Test API', retryBaseDelayMs: 10_000 });
    const later = new AbortController();
    const pending = waiting.send({ method: 'GET', url: server.url, what: 'reading', signal: later.signal });
    setTimeout(() => later.abort(), 30);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('lets a call finish when asked to, so accepted work can be cancelled by id', async () => {
    script.push('any', { delayMs: 60, json: { id: 'job-1' } });
    const { http } = client();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 10);
    const response = await http.send({
      method: 'POST',
      url: server.url,
      what: 'starting the job',
      startsPaidWork: true,
      finishInFlight: true,
      signal: controller.signal,
    });
    expect(response.json()).toEqual({ id: 'job-1' });
    expect(controller.signal.aborted).toBe(true);
  });

  it('refuses bodies over the cap', async () => {
    script.push('any', { body: Buffer.alloc(2048, 1) });
    const { http } = client({ maxResponseBytes: 1024 });
    const error = await providerFailure(http.send({ method: 'GET', url: server.url, what: 'downloading' }));
    expect(error.message).toMatch(/^Test API sent more than 1 KB while downloading/);
    expect(error.transient).toBe(false);
  });

  it('masks its secrets in the errors it makes', () => {
    const { http } = client({ secrets: ['super-secret-value'] });
    expect(http.error('echo: super-secret-value', { transient: false }).message).toBe('echo: [redacted]');
  });
});
