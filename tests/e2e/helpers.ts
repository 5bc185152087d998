// Steps several specs share: signing up or in through the modal, fixture logins, and an accessibility
// scan with axe-core.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { hashPassword } from 'better-auth/crypto';
import type { Role } from '#shared/constants';
import { writeServerDatabase } from './mail-box';
import { uniqueEmail } from './e2e-constants';
import { waitForHydration } from './test';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Opens the sign-in dialog; the prerendered button shows before hydration, and a click then would be lost. */
export async function openSignIn(page: Page) {
  await waitForHydration(page);
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

/**
 * Follows a page's requests from now on; `settled()` waits until none has been in flight for half a second.
 * Playwright's own "networkidle" applies to navigations only, not to what a page fetches afterwards.
 */
export function followRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const start = (request: Request) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const end = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    settled: () =>
      expect
        .poll(() => (inFlight.size === 0 && Date.now() - lastChange >= 500 ? 'settled' : [...inFlight].map((request) => request.url())), {
          timeout: 15_000,
        })
        .toBe('settled'),
  };
}

/** What `reloadHolding` gives a test: the held requests' release, and the page's state when it was first used. */
export type HeldReload = {
  /** Lets the held requests through; until then the page cannot hydrate (or, holding the hero, waits its second). */
  release: () => void;
  /**
   * <html data-hydrated> at the page's first click or form sent, read in the page at that moment: "undefined" (the
   * app's code not running yet), "false" (running, not hydrated) or "true"; null before any. Read after the action it
   * would race the hydration the action waits for.
   */
  hydrationAtFirstInput: () => Promise<string | null>;
};

/**
 * Reloads the page with the requests matching `held` held back until the test releases them, and returns once the
 * new page is parsed: painted, and not hydrated yet (its code or its hero's images on their way), as on a slow
 * connection. Held for a time instead, a busy machine could hydrate the page before the test's click.
 */
export async function reloadHolding(page: Page, held: string): Promise<HeldReload> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(held, async (route) => {
    // Let through in the end even if the test never releases them, so no request hangs the page's closing.
    await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    await route.continue().catch(() => undefined);
  });
  // Before the page's own capture (its first inline script), so this sees the event first.
  await page.addInitScript(() => {
    const record = () => {
      const early = window as { __hydrationAtFirstInput?: string };
      early.__hydrationAtFirstInput ??= String(document.documentElement.dataset.hydrated);
    };
    addEventListener('click', record, true);
    addEventListener('submit', record, true);
  });
  const parsed = page.waitForEvent('domcontentloaded');
  // Not page.reload, which waits for hydration (test.ts). In a task of its own, so this call returns before the page
  // goes; a message's, not a timer's, which a test may have stopped with the page's clock.
  await page.evaluate(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => window.location.reload();
    channel.port2.postMessage(null);
  });
  await parsed;
  return {
    release,
    hydrationAtFirstInput: () => page.evaluate(() => (window as { __hydrationAtFirstInput?: string }).__hydrationAtFirstInput ?? null),
  };
}

/** Fills the sign-up form of an already open auth dialog. */
export async function fillSignUp(page: Page, name: string, email: string, password: string) {
  await page.getByRole('dialog').getByRole('button', { name: 'Sign Up' }).click();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('dialog').getByRole('button', { name: 'Sign Up' }).click();
}

export async function signUpNewHomeowner(page: Page, name = 'Pat Homeowner') {
  await openSignIn(page);
  await fillSignUp(page, name, uniqueEmail('homeowner'), 'secret123');
  await expect(page.getByTestId('welcome')).toBeVisible();
}

export async function signInAs(page: Page, email: string, password: string) {
  await openSignIn(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('dialog').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('welcome')).toBeVisible();
}

/** Serious and critical axe-core violations on the current page, as readable lines. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol rather than added as a <script>: the page's
  // Content-Security-Policy rightly refuses a script from nowhere.
  await page.evaluate(await readFile(axePath, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
          ) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} at ${violation.targets.join(', ')}`);
}

/**
 * A login made directly in the server's database, with a password better-auth checks as its own (its
 * hashPassword), for specs that need more people than the seeded admin. Sign-ups are limited per address and
 * the seeded admin's sign-ins per account, so fixtures do not spend either.
 */
export async function fixtureLogin(role: Role, label: string, tag: string, { confirmed = true }: { confirmed?: boolean } = {}) {
  const id = randomUUID();
  const email = `${label.toLowerCase()}-${tag}@example.com`;
  const password = 'fixture-password-1';
  const now = new Date().toISOString();
  writeServerDatabase(
    'insert into users (id, name, email, email_verified, role, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
    id,
    `${label} ${tag}`,
    email,
    confirmed ? 1 : 0,
    role,
    now,
    now,
  );
  writeServerDatabase(
    "insert into accounts (id, user_id, account_id, provider_id, password, created_at, updated_at) values (?, ?, ?, 'credential', ?, ?, ?)",
    randomUUID(),
    id,
    id,
    await hashPassword(password),
    now,
    now,
  );
  return { id, email, password, name: `${label} ${tag}` };
}

/** A room photo from the shared fixtures. */
export const fixture = (name: string) => path.resolve('../shared/fixtures/rooms', name);

/**
 * A homeowner past the ZIP gate (01701) and ready to upload: given an address, a new one signed up through the
 * modal; given a fixture login, that person signed in; given nobody, a new homeowner made in the database, whose
 * address is not confirmed yet, as after signing up. Sign-ups through the page are limited per network (20 an hour,
 * see fixtureLogin), and the specs that test signing up spend most of them.
 */
export async function readyToUpload(page: Page, person?: string | { email: string; password: string }) {
  const who =
    person ?? (await fixtureLogin('homeowner', 'Renderer', `${Date.now()}${Math.floor(Math.random() * 1e6)}`, { confirmed: false }));
  await page.goto('/');
  if (typeof who === 'string') {
    await openSignIn(page);
    await fillSignUp(page, 'Robin Renovator', who, 'secret123');
    await expect(page.getByTestId('welcome')).toBeVisible();
  } else {
    await signInAs(page, who.email, who.password);
  }
  await page.getByRole('main').getByRole('button', { name: 'Upload Your Space' }).click();
  const zip = page.getByRole('dialog', { name: 'Confirm Your Location' });
  await zip.getByLabel('ZIP code').fill('01701');
  await zip.getByRole('button', { name: 'Confirm ZIP Code' }).click();
  await expect(page.getByText('ZIP code 01701 confirmed.', { exact: false })).toBeVisible();
  // The upload widget is its own chunk, revealed through React's Suspense, which waits on timers: a test that
  // pauses the page's clock next (timers.spec.ts) would otherwise freeze it before it shows.
  await expect(page.getByTestId('file-input')).toBeAttached();
}

/** Waits for the render to finish and the result modal to show its preview; returns the modal. */
export async function watchRenderFinish(page: Page) {
  const overlay = page.getByRole('dialog').filter({ has: page.getByRole('progressbar') });
  await expect(overlay).toBeVisible();
  await expect(page.getByTestId('render-percent')).toHaveText('100%', { timeout: 30_000 });
  await expect(overlay.getByRole('heading', { name: 'Rendering Complete' })).toBeVisible();
  const result = page.getByRole('dialog', { name: 'Your Design is Ready!' });
  await expect(result).toBeVisible({ timeout: 10_000 });
  const preview = result.getByTestId('render-preview');
  await expect(preview).toHaveJSProperty('complete', true);
  expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  expect(await preview.getAttribute('src')).toMatch(/\/api\/renders\/.+\/preview$/);
  return result;
}

/** The back office's toasts (sonner's live region): a finished action's message appears here. */
export const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ });

/** Stops the page's clock (installed with page.clock.install()) where it is now. */
export async function pauseNow(page: Page) {
  // A little ahead: the page's clock moves on while this call travels, and pauseAt cannot go back. On a busy
  // machine the call can take longer than the lead: then again with a longer one.
  for (const lead of [100, 400, 1000]) {
    const now = await page.evaluate(() => Date.now());
    try {
      return await page.clock.pauseAt(now + lead);
    } catch (error) {
      if (!String(error).includes('Cannot fast-forward to the past') || lead === 1000) throw error;
    }
  }
}

/** Moves the paused clock on in small steps until `shown` is on screen: a timer it starts starts now. */
export async function stepUntil(page: Page, shown: Locator, maxSteps = 400) {
  for (let step = 0; step < maxSteps && !(await shown.isVisible()); step += 1) await page.clock.runFor(50);
  await expect(shown).toBeVisible();
}
