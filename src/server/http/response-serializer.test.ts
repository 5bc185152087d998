// The response serializer: what a route's schema does not declare is dropped in production and refused in tests.
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { droppedKeys, responseSerializer } from './response-serializer';

const schema = z.object({ success: z.literal(true), items: z.array(z.object({ id: z.string() })) });

async function appAnswering(body: unknown, strict: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ strict }));
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/thing', { schema: { response: { 200: schema } } }, async () => body as z.infer<typeof schema>);
  await app.ready();
  return app;
}

describe('response serializer', () => {
  afterEach(() => vi.restoreAllMocks());

  it('finds keys the schema dropped, nested in objects and arrays, and ignores undefined values', () => {
    expect(droppedKeys({ a: 1, b: { c: 2, d: 3 }, e: [{ f: 1, g: 2 }], h: undefined }, { a: 1, b: { c: 2 }, e: [{ f: 1 }] })).toEqual([
      'b.d',
      'e[0].g',
    ]);
    expect(droppedKeys({ a: 1 }, { a: 1 })).toEqual([]);
  });

  it('sends exactly the declared keys in production', async () => {
    const app = await appAnswering({ success: true, items: [{ id: 'x', secret: 'no' }] }, false);
    const response = await app.inject({ method: 'GET', url: '/thing' });
    expect(response.json()).toEqual({ success: true, items: [{ id: 'x' }] });
    await app.close();
  });

  it('refuses an undeclared key in tests, naming it', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const app = await appAnswering({ success: true, items: [{ id: 'x', extra: 1 }] }, true);
    const response = await app.inject({ method: 'GET', url: '/thing' });
    expect(response.statusCode).toBe(500);
    expect(String(stderr.mock.calls[0]?.[0])).toContain('GET /thing: the response schema does not declare items[0].extra');
    await app.close();
  });

  it('passes a complete answer through unchanged in tests', async () => {
    const app = await appAnswering({ success: true, items: [{ id: 'x' }] }, true);
    expect((await app.inject({ method: 'GET', url: '/thing' })).json()).toEqual({ success: true, items: [{ id: 'x' }] });
    await app.close();
  });
});
