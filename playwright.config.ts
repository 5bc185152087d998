// End-to-end tests: the built app, served by the real server on SQLite, driven in Debian's Chromium.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN, E2E_PORT, E2E_REPLICATE_PORT, E2E_REPLICATE_TOKEN, E2E_SMTP_PORT } from './tests/e2e/e2e-constants';

// Set once in the main process; workers inherit it, so every process agrees on one data dir.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'mw-e2e-'));
process.env.E2E_MAIL_DIR ??= path.join(process.env.E2E_DATA_DIR, 'received-mail');
// The server's whole log, kept after the run (global-teardown.ts greps it for secrets).
mkdirSync('test-results', { recursive: true });
process.env.E2E_SERVER_LOG ??= path.resolve('test-results/e2e-server.log');
const baseURL = `http://127.0.0.1:${E2E_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Flags that keep Chromium from reaching for the network this machine does not have.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // src/server/main.ts, with its output kept in E2E_SERVER_LOG.
    command: 'tsx tests/e2e/serve.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // What operators run: every request is logged, so the secrets check reads every URL the run used.
      LOG_LEVEL: 'info',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      MAIL_FROM: 'MetroWest AI Renovations <designs@metrowest.example>',
      // The premium engine renders through the fake Replicate (global-setup.ts) on the recommended model; the
      // default engine stays offline (with a token alone it would render on Replicate too).
      ENGINE_ARCHITECTURAL_VISION_ENGINE: 'replicate:google/nano-banana-2',
      ENGINE_STRUCTURAL_DESIGN_AI: 'offline',
      REPLICATE_API_TOKEN: E2E_REPLICATE_TOKEN,
      REPLICATE_BASE_URL: `http://127.0.0.1:${E2E_REPLICATE_PORT}`,
    },
  },
});
