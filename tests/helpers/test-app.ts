// Builds the real app for an integration test: a temporary DATA_DIR, and SQLite or a fresh
// PostgreSQL database depending on the test project (TEST_DB=postgres).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOverrides } from '#server/app';
import { loadConfig, type Config } from '#server/config';
import { createTestDatabase } from './postgres';

export const TEST_ADMIN = { email: 'admin@metrowest.test', password: 'admin-password' } as const;

export type TestApp = { app: FastifyInstance; config: Config; dataDir: string; close: () => Promise<void> };

export const usingPostgres = () => process.env.TEST_DB === 'postgres';

/** Options reuse a data dir or database to test restarts; env adds or overrides variables. */
export async function createTestApp(
  options: { env?: Record<string, string>; reuse?: { dataDir: string; databaseUrl?: string }; overrides?: AppOverrides } = {},
): Promise<TestApp & { databaseUrl?: string; dropDatabase?: () => Promise<void> }> {
  const dataDir = options.reuse?.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'mw-test-')));
  let databaseUrl = options.reuse?.databaseUrl;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (usingPostgres() && !databaseUrl) {
    const database = await createTestDatabase();
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
  /** Removes the database and data folder made for this app; none when the test lent its own (a restart). */
  const cleanUp = async () => {
    if (options.reuse) return;
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  };
  let config: Config;
  let app: FastifyInstance;
  try {
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    });
    app = await buildApp(config, options.overrides);
  } catch (error) {
    // A test that expects the app to refuse its configuration still leaves no database or folder behind.
    await cleanUp();
    throw error;
  }
  return {
    app,
    config,
    dataDir,
    databaseUrl,
    dropDatabase,
    async close() {
      await app.close();
      await cleanUp();
    },
  };
}
