// Bad input gets a 4xx, never a 500, on every route: this walks Fastify's whole route table and sends each
// route every hostile shape (malformed JSON, wrong types, arrays where strings go, repeated query
// parameters, NUL bytes, megabyte strings, unknown content types) as a visitor, a homeowner and an admin.
// No answer may be a 5xx and no line may be logged at error level. Runs on SQLite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, signUp } from '../helpers/auth';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';

let harness: TestApp;
const errorLines: string[] = [];
const identities: Record<string, Record<string, string>> = { visitor: {} };

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean))
        if ((JSON.parse(line) as { level: number }).level >= 50) errorLines.push(line);
      done();
    },
  });
  // Limits off: this test sends thousands of requests from one address on purpose.
  harness = await createTestApp({ env: { LOG_LEVEL: 'error', RATE_LIMITS: 'off' }, overrides: { logStream } });
  identities.homeowner = bearer((await signUp(harness.app, { email: 'hostile-homeowner@example.com', password: 'secret1' })).token);
  identities.admin = bearer((await signIn(harness.app, TEST_ADMIN)).token);
});
afterAll(() => harness.close());

/** Field names our routes read, each given a value of the wrong kind. */
const FIELDS = [
  'email',
  'name',
  'password',
  'id',
  'leadId',
  'userId',
  'uploadId',
  'renderId',
  'designRequestId',
  'zip',
  'zipCode',
  'rating',
  'comment',
  'body',
  'status',
  'note',
  'notes',
  'roomType',
  'styleId',
  'engine',
  'imageData',
  'token',
  'role',
  'newRole',
  'contractorId',
  'method',
  'events',
  'message',
  'phone',
  'confirmEmail',
  'search',
  'limit',
  'cursor',
  'filter',
  'image',
  'callbackURL',
  'mode',
  'company',
];
const withEvery = (value: unknown) => Object.fromEntries(FIELDS.map((field) => [field, value]));
const MEGABYTE = 'x'.repeat(1024 * 1024);

type Shape = { name: string; query?: string; body?: string; contentType?: string };
const SHAPES: Shape[] = [
  { name: 'malformed JSON', body: '{"email": "a@example.com", ', contentType: 'application/json' },
  { name: 'wrong types', body: JSON.stringify(withEvery(12345)), contentType: 'application/json' },
  { name: 'arrays where strings go', body: JSON.stringify(withEvery(['a', 'b'])), contentType: 'application/json' },
  { name: 'objects where strings go', body: JSON.stringify(withEvery({ $gt: '' })), contentType: 'application/json' },
  { name: 'a JSON array as the body', body: '[1,2,3]', contentType: 'application/json' },
  {
    name: 'NUL bytes',
    body: JSON.stringify(withEvery('a\u0000b')),
    contentType: 'application/json',
    query: FIELDS.map((field) => `${field}=%00`).join('&'),
  },
  { name: 'repeated query parameters', query: FIELDS.map((field) => `${field}=a&${field}=b`).join('&') },
  {
    name: 'megabyte strings',
    body: JSON.stringify({ email: MEGABYTE, name: MEGABYTE }),
    contentType: 'application/json',
    query: `search=${'y'.repeat(8000)}`,
  },
  { name: 'an unknown content type', body: 'just some text', contentType: 'application/x-hostile' },
  { name: 'text/plain', body: 'not json', contentType: 'text/plain' },
  { name: 'an empty JSON body', body: '', contentType: 'application/json' },
];

/** A concrete URL for a route pattern: ids become random UUIDs, better-auth's wildcard a real endpoint. */
function concrete(url: string): string {
  return url.replace(/\/\*$/, url.startsWith('/api/auth') ? '/sign-up/email' : '/anything').replace(/:[A-Za-z]+/g, () => randomUUID());
}

describe('every route answers hostile input with a 4xx, never a 5xx', () => {
  it('walks the whole route table', { timeout: 600_000 }, async () => {
    const routes = harness.app.routeList.filter((route) => route.url.startsWith('/api/') || route.url === '/*');
    expect(routes.length).toBeGreaterThan(80);
    const failures: string[] = [];
    for (const route of routes) {
      for (const shape of SHAPES) {
        if (route.method === 'GET' && !shape.query) continue;
        for (const [identity, headers] of Object.entries(identities)) {
          const url = `${concrete(route.url)}${shape.query ? `?${shape.query}` : ''}`;
          const response = await harness.app.inject({
            method: route.method as 'GET',
            url,
            headers: { ...headers, ...(shape.contentType ? { 'content-type': shape.contentType } : {}) },
            ...(route.method !== 'GET' && shape.body !== undefined ? { payload: shape.body } : {}),
          });
          if (response.statusCode >= 500)
            failures.push(
              `${route.method} ${route.url} · ${shape.name} · ${identity}: ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(errorLines).toEqual([]);
  });
});
