// A real AI provider in the browser: the homeowner picks the Architectural Vision Engine, which the e2e server binds
// to the fake Replicate (playwright.config.ts), watches live progress driven by the prediction's sampler logs, and
// gets the provider's image (a solid magenta room) with the engine that rendered it named. The same again through a
// second server bound to the fake ComfyUI, started here.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from './test';
import { E2E_COMFYUI_APP_PORT, E2E_COMFYUI_PORT, E2E_PROVIDER_COLOUR, uniqueEmail } from './e2e-constants';
import { fillSignUp, openSignIn } from './helpers';

const fixture = (name: string) => path.resolve('../shared/fixtures/rooms', name);

async function renderWithVisionEngine(page: Page, origin = '') {
  await page.goto(`${origin}/`);
  await openSignIn(page);
  await fillSignUp(page, 'Avery AI', uniqueEmail('provider'), 'secret123');
  await expect(page.getByTestId('welcome')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Upload Your Space' }).click();
  const zip = page.getByRole('dialog', { name: 'Confirm Your Location' });
  await zip.getByLabel('ZIP code').fill('01701');
  await zip.getByRole('button', { name: 'Confirm ZIP Code' }).click();
  await page.getByTestId('file-input').setInputFiles(fixture('kitchen_1.jpg'));
  await page.getByRole('radio', { name: 'Kitchen' }).click();
  await page.getByRole('button', { name: 'Continue with Kitchen' }).click();
  await page.getByRole('radio', { name: /Architectural Vision Engine/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  const style = page.getByRole('dialog', { name: 'Choose a Design Style' });
  await style.getByRole('radio').first().click();
  await style.getByRole('button', { name: 'Generate My Design' }).click();

  // Live progress: the bar moves through the generation band while the provider works, before 100 %.
  const percent = page.getByTestId('render-percent');
  await expect(page.getByTestId('overlay-renderer')).toHaveText(/^Rendering with: .+ on (Replicate|ComfyUI)$/);
  const seen = new Set<number>();
  await expect(async () => {
    seen.add(Number((await percent.textContent())?.replace('%', '')));
    expect(seen.has(100)).toBe(true);
  }).toPass({ timeout: 45_000, intervals: [100] });
  expect([...seen].some((value) => value > 35 && value < 100)).toBe(true);

  const result = page.getByRole('dialog', { name: 'Your Design is Ready!' });
  await expect(result).toBeVisible({ timeout: 10_000 });
  const preview = result.getByTestId('render-preview');
  await expect(preview).toHaveJSProperty('complete', true);
  // The provider's image, not the homeowner's restyled photo: the (blurred) preview is the fake's magenta.
  const colour = await preview.evaluate((image: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = 16;
    canvas.height = 16;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0, 16, 16);
    const [r, g, b] = context.getImageData(8, 8, 1, 1).data;
    return { r, g, b };
  });
  expect(Math.abs(colour.r - E2E_PROVIDER_COLOUR.r)).toBeLessThan(30);
  expect(Math.abs(colour.g - E2E_PROVIDER_COLOUR.g)).toBeLessThan(30);
  expect(Math.abs(colour.b - E2E_PROVIDER_COLOUR.b)).toBeLessThan(30);
  await expect(result.getByText('offline preview engine', { exact: false })).toHaveCount(0);
  return result;
}

test('the Architectural Vision Engine renders through Replicate, with live progress and the provider named', async ({ page }) => {
  test.setTimeout(90_000);
  const result = await renderWithVisionEngine(page);
  await expect(result.getByTestId('rendered-by')).toHaveText(
    'Rendered by Architectural Vision Engine with AI (Nano Banana 2 (Gemini 3.1 Flash Image) on Replicate)',
  );
});

test.describe('bound to a self-hosted ComfyUI', () => {
  const origin = `http://127.0.0.1:${E2E_COMFYUI_APP_PORT}`;
  let server: ChildProcess | undefined;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dataDir = mkdtempSync(path.join(tmpdir(), 'mw-e2e-comfyui-'));
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      stdio: 'ignore',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(E2E_COMFYUI_APP_PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ENGINE_ARCHITECTURAL_VISION_ENGINE: 'comfyui',
        COMFYUI_URL: `http://127.0.0.1:${E2E_COMFYUI_PORT}`,
      },
    });
    await expect(async () => {
      expect((await fetch(`${origin}/api/health`)).ok).toBe(true);
    }).toPass({ timeout: 80_000, intervals: [250] });
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the Architectural Vision Engine renders through ComfyUI, with live progress and the provider named', async ({ page }) => {
    test.setTimeout(90_000);
    const result = await renderWithVisionEngine(page, origin);
    await expect(result.getByTestId('rendered-by')).toHaveText(
      'Rendered by Architectural Vision Engine with AI (SDXL with depth ControlNet on ComfyUI)',
    );
  });
});
