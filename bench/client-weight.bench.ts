// The client's weight and paint speed (issue 10): the home page's initial JavaScript, gzipped (every
// script fetched before the page is idle, modulepreloads and prefetches included), and the Largest
// Contentful Paint of the home and a town page in headless Chromium with 4× CPU throttling, median of 5.
// Measures the built client as the real server serves it; run `npm run build` first.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { townPath } from '#shared/pages';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';

const JS_BUDGET_KB = 80;
const LCP_BUDGET_MS = 500;
const RUNS = 5;
const CPU_SLOWDOWN = 4;
const SETTLE_MS = 500;
const REFERENCE = 'reference: a popular Next.js room-redesign app ships 88 KB own JS + 109 KB prefetched, LCP ≈ 580 ms';

if (!existsSync(path.resolve('dist/client/index.html'))) {
  console.error('dist/client/index.html is missing: run `npm run build` first (this benchmark measures the built client).');
  process.exit(1);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** Every JavaScript file the page fetched until it was idle, with its gzipped size. */
async function initialJavaScript(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<{ file: string; gzipBytes: number }>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    pending.push(
      response.body().then((body) => ({ file: new URL(response.url()).pathname, gzipBytes: gzipSync(body, { level: 9 }).length })),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(SETTLE_MS);
  const files = await Promise.all(pending);
  await context.close();
  return files;
}

/** The page's Largest Contentful Paint in a fresh context with the CPU slowed down. */
async function largestContentfulPaint(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(SETTLE_MS);
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return lcp;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const verdict = (met: boolean) => {
  if (!met) process.exitCode = 1;
  return met ? 'met' : 'NOT MET';
};

const port = await freePort();
const dataDir = await mkdtemp(path.join(tmpdir(), 'mw-bench-client-'));
const app = await buildApp(
  loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMITS: 'off', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' }),
);
let browser: Browser | undefined;
try {
  await app.listen({ port, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });

  const files = await initialJavaScript(browser, `${origin}/`);
  const totalKb = files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
  process.stdout.write(`client weight and paint (built client, headless Chromium; ${REFERENCE})\n`);
  for (const file of files) process.stdout.write(`  ${file.file.padEnd(48)} ${(file.gzipBytes / 1024).toFixed(1).padStart(6)} KB gzip\n`);
  process.stdout.write(
    `home page initial JavaScript (gzip, ${files.length} files)`.padEnd(64) +
      `${totalKb.toFixed(1).padStart(7)} KB   target < ${JS_BUDGET_KB} KB   ${verdict(totalKb < JS_BUDGET_KB)}\n`,
  );

  for (const pagePath of ['/', townPath('framingham')]) {
    const runs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await largestContentfulPaint(browser, `${origin}${pagePath}`));
    const lcp = median(runs);
    const label = `LCP ${pagePath} (${CPU_SLOWDOWN}× CPU, median of ${RUNS})`;
    process.stdout.write(
      `${label.padEnd(64)}${lcp.toFixed(0).padStart(7)} ms   target < ${LCP_BUDGET_MS} ms  ${verdict(lcp < LCP_BUDGET_MS)}   runs ${runs.map((value) => value.toFixed(0)).join(', ')}\n`,
    );
  }
} finally {
  await browser?.close();
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
