// The built client satisfies its Content-Security-Policy: no page, public or signed in, triggers a single
// violation report in Chromium, and the policy is really sent with each page.
import { expect, failedResourceStatus, test, type Page } from './test';
import { PAGE_PATHS } from '#shared/pages';
import { E2E_ADMIN } from './e2e-constants';
import { signInAs } from './helpers';

async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  const consoleReports: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) consoleReports.push(message.text());
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)), ...consoleReports];
}

test('every page loads and hydrates without a CSP violation, signed in as an admin', async ({ page, allowConsoleErrors }) => {
  // The admin has no contractor record: the contractor dashboard's lead list answers 404 and the page says so.
  allowConsoleErrors(failedResourceStatus(404));
  test.setTimeout(90_000);
  const violations = await watchViolations(page);
  await page.goto('/');
  await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const path of PAGE_PATHS) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.waitForLoadState('networkidle');
    expect([path, await violations()]).toEqual([path, []]);
    // The page's one inline script (decision 063) ran: its hash in the policy matches the text the build put there.
    expect([path, await page.evaluate(() => '__earlyInput' in window)]).toEqual([path, true]);
  }
});

test('a visitor sees no CSP violation on the home page, the feed and the sign-in dialog', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await violations()).toEqual([]);
});
