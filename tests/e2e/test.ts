// The `test` every spec imports: Playwright's own, with one automatic check added. Any page error
// (an uncaught exception, a React hydration error) or console error in any page of the test's browser
// context fails the test, naming what was logged and on which page.
//
// page.goto and page.reload also wait until React has hydrated the page.
//
// A test that provokes an error on purpose (a 4xx the browser logs as "Failed to load resource") says so
// with `allowConsoleErrors(/pattern/)`; nothing else is let through.
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

type ErrorWatch = {
  /** Lets console errors matching the pattern through, for the rest of this test only. */
  allowConsoleErrors: (pattern: RegExp) => void;
};

/**
 * Our pages are usable once React has hydrated them (src/web/app.tsx marks <html data-hydrated>); pages the server
 * writes itself have no #root. Steps after a navigation the page made itself (window.location.assign) wait for it too.
 */
export const waitForHydration = (page: Page) =>
  page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.hydrated === 'true');

export const test = base.extend<ErrorWatch & { pageErrorWatch: void }>({
  // page.goto and page.reload return once the page can be used, not merely loaded: a click before
  // hydration would fall on a button with no handler yet.
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await waitForHydration(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await waitForHydration(page);
      return response;
    };
    await provide(page);
  },
  pageErrorWatch: [
    async ({ context, browser }, provide) => {
      const problems: string[] = [];
      const watch = (page: Page) => {
        page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() !== 'error') return;
          // Chromium's "Failed to load resource" line names the resource only in its location.
          const { url } = message.location();
          const text = url && url !== page.url() ? `${message.text()} (${url})` : message.text();
          if (allowed.some((pattern) => pattern.test(text))) return;
          problems.push(`console error on ${page.url()}: ${text}`);
        });
      };
      const allowed = patternsByContext.get(context) ?? [];
      patternsByContext.set(context, allowed);
      const watchContext = (watched: BrowserContext) => {
        watched.pages().forEach(watch);
        watched.on('page', watch);
      };
      watchContext(context);
      // Contexts a test opens itself (a second person, a phone) are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const opened = await newContext(options);
        patternsByContext.set(opened, allowed);
        watchContext(opened);
        return opened;
      };
      try {
        await provide();
      } finally {
        browser.newContext = newContext;
      }
      expect(problems, 'page errors and console errors').toEqual([]);
    },
    { auto: true },
  ],
  allowConsoleErrors: async ({ context }, provide) => {
    const allowed = patternsByContext.get(context) ?? [];
    patternsByContext.set(context, allowed);
    await provide((pattern) => allowed.push(pattern));
  },
});

const patternsByContext = new WeakMap<object, RegExp[]>();

/** The console line Chromium writes for any response with an error status, which a test may expect. */
export const failedResourceStatus = (status: number) =>
  new RegExp(`Failed to load resource: the server responded with a status of ${status}`);

export { expect };
export type { Page, BrowserContext, Locator } from '@playwright/test';
