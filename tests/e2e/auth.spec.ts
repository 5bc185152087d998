// A person signs up, stays signed in across a reload and across tabs, and signs out; an admin
// signs in and the session says admin.
import { expect, failedResourceStatus, test, type Page } from './test';
import { HERO_DEFAULT_DIR } from '#shared/hero';
import { HOMEOWNER_MESSAGES } from '#shared/messages';
import { E2E_ADMIN, uniqueEmail } from './e2e-constants';
import { fillSignUp, fixtureLogin, followRequests, openSignIn, pauseNow, reloadHolding, signInAs } from './helpers';

async function signUpThroughForm(page: Page, name: string, email: string, password: string) {
  await openSignIn(page);
  await fillSignUp(page, name, email, password);
}

test('a homeowner signs up, stays signed in after a reload, and signs out', async ({ page }) => {
  const email = uniqueEmail('jane');
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In to Upload' })).toBeVisible();

  // The form refuses a short password before anything is sent.
  await signUpThroughForm(page, 'Jane Homeowner', email, '12345');
  await expect(page.getByRole('alert')).toHaveText(HOMEOWNER_MESSAGES.passwordTooShort);

  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('welcome')).toHaveText('Welcome, Jane Homeowner');
  await expect(page.getByRole('button', { name: 'Upload Your Space' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contractor Dashboard' })).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('welcome')).toHaveText('Welcome, Jane Homeowner');

  // The page says "signed out" at once, before the server has answered; the reload comes after it has, as it
  // would for a person (reloaded sooner, the old session cookie is still there).
  const signedOut = page.waitForResponse((response) => response.url().endsWith('/api/auth/sign-out') && response.ok());
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In to Upload' })).toBeVisible();
  await signedOut;
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign In to Upload' })).toBeVisible();
});

// The page was prerendered signed out; on a slow CPU the session used to arrive while React was still
// hydrating the page, which then hydrated as signed in against signed-out HTML (React error #418).
// The automatic page-error check fails this test on any such error.
test('a signed-in page with a stored ZIP hydrates cleanly on a slow phone-class CPU', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/');
  await signUpThroughForm(page, 'Sam Slowphone', uniqueEmail('slow'), 'secret123');
  await expect(page.getByTestId('welcome')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('approvedZip', '01701'));
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  for (let load = 0; load < 6; load += 1) {
    await page.reload();
    await expect(page.getByTestId('welcome')).toBeVisible();
  }
  await expect(page.getByText('ZIP code 01701 confirmed.', { exact: false })).toBeVisible();
});

test('signing in and out in one tab shows in the other open tab', async ({ context }) => {
  const email = uniqueEmail('tabs');
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto('/');
  await second.goto('/');

  // Both tabs show the feed once they learn of the sign-in; signing out while a list or its pictures are still
  // on their way would (rightly) get 401s, so the person here waits for both feeds as anyone would.
  const tabs = [first, second].map((tab) => ({
    requests: followRequests(tab),
    feed: tab.waitForResponse((response) => response.url().includes('/api/feed')),
  }));
  await signUpThroughForm(first, 'Tab Person', email, 'secret123');
  await expect(first.getByTestId('welcome')).toBeVisible();
  await expect(second.getByTestId('welcome')).toHaveText('Welcome, Tab Person');
  for (const { requests, feed } of tabs) {
    expect((await feed).status()).toBe(200);
    await requests.settled();
  }

  await second.getByRole('button', { name: 'Sign Out' }).click();
  await expect(second.getByRole('button', { name: 'Sign In to Upload' })).toBeVisible();
  await expect(first.getByRole('button', { name: 'Sign In to Upload' })).toBeVisible();
});

// While the page is painted and not yet hydrated (its code on its way, or its hero's images), a click on a button
// is remembered and replayed once it has hydrated (decision 063; a form sent meanwhile: site.spec.ts).
for (const { before, held, running } of [
  { before: "the app's code has arrived", held: '**/assets/*.js', running: 'undefined' },
  { before: "the hero's images have arrived", held: `**${HERO_DEFAULT_DIR}**`, running: 'false' },
]) {
  test(`a click on Sign In before ${before} opens the dialog once the page has hydrated`, async ({ page }) => {
    // With the hero's images held, the page hydrates a second after its code runs (main.tsx, HERO_WAIT_MS), and on a
    // busy machine that second could pass before the test saw it begin. So the page's clock stands still from before
    // the reload until the click, and the second starts only after it.
    const heroHeld = running === 'false';
    if (heroHeld) await page.clock.install();
    await page.goto('/');
    const signIn = page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign In' });
    if (heroHeld) await pauseNow(page);
    const reloaded = await reloadHolding(page, held);
    if (heroHeld) await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'false', undefined, { polling: 50 });
    await signIn.click();
    expect(await reloaded.hydrationAtFirstInput(), 'clicked before hydration').toBe(running);
    if (heroHeld) await page.clock.resume();
    reloaded.release();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
  });
}

test('a signed-in person who clicks the prerendered "Sign In to Upload" before the page knows them goes on to upload', async ({ page }) => {
  // An account made directly (sign-ups through the form are limited per address, and the suite makes many).
  const person = await fixtureLogin('homeowner', 'Uploader', `${Date.now()}`);
  await page.goto('/');
  await signInAs(page, person.email, person.password);
  // Every page is prerendered signed out; the session is asked for once the page has hydrated.
  const reloaded = await reloadHolding(page, '**/assets/*.js');
  await page.getByRole('main').getByRole('button', { name: 'Sign In to Upload' }).click();
  expect(await reloaded.hydrationAtFirstInput(), 'clicked before hydration').toBe('undefined');
  reloaded.release();
  await expect(page.getByRole('dialog', { name: 'Confirm Your Location' })).toBeVisible();
  await expect(page.getByTestId('welcome')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toHaveCount(0);
});

test('a wrong password shows the service message, and switching mode clears it', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(failedResourceStatus(401));
  await page.goto('/');
  await openSignIn(page);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an admin signs in and the session says admin', async ({ page }) => {
  await page.goto('/');
  await openSignIn(page);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('dialog').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('welcome')).toHaveText('Welcome, Administrator');
  await expect(page.getByRole('link', { name: 'Contractor Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toBeVisible();

  const session = await page.evaluate(() => fetch('/api/auth/get-session').then((response) => response.json()));
  expect(session.user.role).toBe('admin');
  const profile = await page.evaluate(() => fetch('/api/profile').then((response) => response.json()));
  expect(profile).toMatchObject({ success: true, profile: { role: 'admin' } });
});

test('an unknown page shows the not-found page with status 404', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(failedResourceStatus(404));
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});
