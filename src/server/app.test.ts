import { mkdir, writeFile } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { precompress } from '../../scripts/precompress';
import { buildApp } from './app';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
  harness.app.get('/api/test/explode', async () => {
    throw new Error('secret internal detail');
  });
});
afterAll(() => harness.close());

describe('health', () => {
  it('reports the database and storage as up', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, status: 'ok', database: 'up', storage: 'up' });
  });

  it('reports the database as down with a 503 when it is gone', async () => {
    const broken = await createTestApp();
    await broken.app.ready();
    await broken.app.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ success: false, database: 'down', storage: 'up' });
    broken.app.database.close = async () => undefined;
    await broken.close();
  });
});

describe('routing', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, error: 'Not found', code: 'NOT_FOUND' });
  });

  it('serves the client for known pages and its not-found page with status 404 for unknown ones', async () => {
    const clientDir = path.join(harness.dataDir, 'client');
    await mkdir(path.join(clientDir, 'assets'), { recursive: true });
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
    const app = await buildApp({ ...harness.config, clientDir });
    try {
      const home = await app.inject({ method: 'GET', url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.headers['content-type']).toContain('text/html');
      expect(home.body).toContain('id="root"');

      const unknown = await app.inject({ method: 'GET', url: '/no-such-page' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('id="root"');

      const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
    } finally {
      await app.close();
    }
  });

  it('sends text compressed (brotli, else gzip), built assets precompressed and immutable, pages with an ETag', async () => {
    const clientDir = path.join(harness.dataDir, 'client-compressed');
    await mkdir(path.join(clientDir, 'assets'), { recursive: true });
    const script = `export const rooms = ${JSON.stringify(Array.from({ length: 300 }, (_, index) => `room ${index}`))};\n`;
    await writeFile(path.join(clientDir, 'index.html'), `<!doctype html><div id="root">${'<p>MetroWest</p>'.repeat(200)}</div>`);
    await writeFile(path.join(clientDir, 'assets', 'app-5678.js'), script);
    await writeFile(path.join(clientDir, 'assets', 'tiny-1.js'), 'console.log(1)');
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(4000, 7)]);
    await writeFile(path.join(clientDir, 'assets', 'hero-9.jpg'), photo);
    expect(precompress(clientDir).files).toBe(2);
    const app = await buildApp({ ...harness.config, clientDir });
    app.get('/api/test/big-json', async () => ({ rows: Array.from({ length: 200 }, (_, index) => ({ index, town: 'Framingham' })) }));
    const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
    try {
      const br = await get('/assets/app-5678.js', { 'accept-encoding': 'br, gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      const gzip = await get('/assets/app-5678.js', { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
      const plain = await get('/assets/app-5678.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      // A file too small to precompress still arrives whole; an image (already compressed) is sent as it is.
      const tiny = await get('/assets/tiny-1.js', { 'accept-encoding': 'br' });
      const tinyBody = tiny.headers['content-encoding'] === 'br' ? brotliDecompressSync(tiny.rawPayload) : tiny.rawPayload;
      expect(tinyBody.toString()).toBe('console.log(1)');
      const image = await get('/assets/hero-9.jpg', { 'accept-encoding': 'br, gzip' });
      expect(image.headers['content-encoding']).toBeUndefined();
      expect(image.rawPayload.equals(photo)).toBe(true);

      // Pages and other answers made per request are compressed as they are sent.
      const page = await get('/', { 'accept-encoding': 'br, gzip' });
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain('MetroWest');
      const etag = String(page.headers.etag);
      expect(etag).toMatch(/^W\/"/);
      const again = await get('/', { 'accept-encoding': 'br, gzip', 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      const json = await get('/api/test/big-json', { 'accept-encoding': 'gzip' });
      expect(json.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(json.rawPayload).toString()).rows).toHaveLength(200);
      // Under 1 KB (the sitemap of a small site) it is not worth it.
      expect((await get('/sitemap.xml', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('hides the details of a server error', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret internal detail');
    expect(response.json()).toMatchObject({ success: false, code: 'INTERNAL' });
  });
});
