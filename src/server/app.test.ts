import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
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

  it('hides the details of a server error', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret internal detail');
    expect(response.json()).toMatchObject({ success: false, code: 'INTERNAL' });
  });
});
