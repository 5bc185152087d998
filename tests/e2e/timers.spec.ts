// The seed's timers (seed 000 §4, §5, §9), measured on the page's own clock with Playwright's clock: each
// thing happens no sooner than its timer and soon after it. The clock is paused before the action that
// starts a timer (the timer then starts at a known instant however slow the server is) and moved on by hand.
import { expect, test, type Page } from './test';
import { TIMERS_MS } from '#shared/constants';
import { fixture, fixtureLogin, pauseNow, readyToUpload, signInAs, stepUntil } from './helpers';

/** How far either side of a timer we look (the completion timer is known to within one 50 ms step). */
const SLACK_MS = 200;

/** Not yet just before `ms` from now, and done just after it. */
async function expectAfter(page: Page, ms: number, happened: () => Promise<void>, notYet: () => Promise<void>) {
  await page.clock.runFor(ms - SLACK_MS);
  await notYet();
  await page.clock.runFor(2 * SLACK_MS);
  await happened();
}

async function renderToEmailStep(page: Page, photo: string) {
  await page.getByTestId('file-input').setInputFiles(fixture(photo));
  await page.getByRole('radio', { name: 'Kitchen' }).click();
  await page.getByRole('button', { name: 'Continue with Kitchen' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio').first().click();
  await page.getByRole('button', { name: 'Generate My Design' }).click();
}

test('the workflow’s timers: ZIP check, completion, email modal, Email Sent!, quote modal, quote success', async ({ page }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  const person = await fixtureLogin('homeowner', 'Clock', `${Date.now()}${Math.floor(Math.random() * 1000)}`);

  // ZIP check: 'Checking...' for 1 s, whatever the server's speed.
  await page.goto('/');
  await signInAs(page, person.email, person.password);
  await page.getByRole('main').getByRole('button', { name: 'Upload Your Space' }).click();
  const zip = page.getByRole('dialog', { name: 'Confirm Your Location' });
  await zip.getByLabel('ZIP code').fill('01701');
  await pauseNow(page);
  await zip.getByRole('button', { name: 'Confirm ZIP Code' }).click();
  const confirmed = page.getByText('ZIP code 01701 confirmed.', { exact: false });
  await expectAfter(
    page,
    TIMERS_MS.zipCheck,
    () => expect(confirmed).toBeVisible(),
    () => expect(zip.getByRole('button', { name: 'Checking...' })).toBeVisible(),
  );
  await page.clock.resume();

  // Completion: the overlay stays 1.5 s after 100 %, then the email modal follows 500 ms later.
  await renderToEmailStep(page, 'kitchen_1.jpg');
  const overlay = page.getByRole('dialog').filter({ has: page.getByRole('progressbar') });
  await expect(overlay).toBeVisible();
  // Stop the clock while the bar is still moving, then step it until 100 % (the completion timer starts then):
  // stopping it later could stop it after 100 %, with the timer already part-way.
  await pauseNow(page);
  await expect(overlay.getByRole('heading', { name: 'Rendering Complete' })).toBeHidden();
  await stepUntil(page, overlay.getByRole('heading', { name: 'Rendering Complete' }), 1200);
  const result = page.getByRole('dialog', { name: 'Your Design is Ready!' });
  await expectAfter(
    page,
    TIMERS_MS.renderCompletionCallback,
    () => expect(overlay).toBeHidden(),
    () => expect(overlay).toBeVisible(),
  );
  // The clock stands SLACK_MS past the completion callback now: the email modal is due in 500 - SLACK_MS.
  await expect(result).toBeHidden();
  await page.clock.runFor(TIMERS_MS.emailModalAfterCompletion - 2 * SLACK_MS);
  await expect(result).toBeHidden();
  await page.clock.runFor(2 * SLACK_MS);
  await expect(result).toBeVisible();
  await page.clock.resume();

  // 'Email Sent!' for 3 s, then the form is ready again.
  await pauseNow(page);
  await result.getByRole('button', { name: 'Send Me My Design' }).click();
  await expect(result.getByRole('button', { name: 'Email Sent!' })).toBeVisible();
  await expectAfter(
    page,
    TIMERS_MS.emailSuccess,
    () => expect(result.getByRole('button', { name: 'Send Me My Design' })).toBeVisible(),
    () => expect(result.getByRole('button', { name: 'Email Sent!' })).toBeVisible(),
  );

  // With 'Get quotes' ticked, the quote modal follows the email step by 1 s.
  await page.clock.resume();
  await result.getByLabel('Get quotes from contractors & design tips').check();
  await pauseNow(page);
  await result.getByRole('button', { name: 'Send Me My Design' }).click();
  await expect(result.getByRole('button', { name: 'Email Sent!' })).toBeVisible();
  const quote = page.getByRole('dialog', { name: 'Get a Free Quote' });
  await expectAfter(
    page,
    TIMERS_MS.quoteModalAfterEmail,
    () => expect(quote).toBeVisible(),
    () => expect(quote).toBeHidden(),
  );

  // The quote's confirmation shows for 3 s, then the modal closes.
  await page.clock.resume();
  await quote.getByLabel('Timeline').selectOption('Ready now');
  await quote.getByLabel('Budget').selectOption('$50k+');
  await pauseNow(page);
  await quote.getByRole('button', { name: 'Request My Free Quote' }).click();
  await expect(quote.getByRole('status')).toBeVisible();
  await expectAfter(
    page,
    TIMERS_MS.quoteSuccess,
    () => expect(quote).toBeHidden(),
    () => expect(quote).toBeVisible(),
  );
});

test('a failed render’s overlay closes 3 s after the error', async ({ page }) => {
  test.setTimeout(60_000);
  await page.clock.install();
  const person = await fixtureLogin('homeowner', 'Failing', `${Date.now()}${Math.floor(Math.random() * 1000)}`);
  await readyToUpload(page, person);
  // The render's live state says it failed (what the server streams when the engine and its fallback fail).
  await page.route('**/api/renders/*/events', async (route) => {
    const id = /renders\/([^/]+)\/events/.exec(route.request().url())![1];
    const state = {
      id,
      status: 'failed',
      stage: 'failed',
      phase: null,
      percent: 0,
      engine: 'structural-design-ai',
      fallback: false,
      provider: null,
      previewUrl: null,
      resultUrl: null,
      originalUrl: '/favicon.svg',
      error: 'The design could not be made.',
    };
    await route.fulfill({ status: 200, contentType: 'text/event-stream', body: `event: state\ndata: ${JSON.stringify(state)}\n\n` });
  });
  await pauseNow(page);
  await renderToEmailStep(page, 'kitchen_2.jpg');
  const overlay = page.getByRole('dialog', { name: 'Something Went Wrong' });
  await expect(overlay).toBeVisible({ timeout: 15_000 });
  await expectAfter(
    page,
    TIMERS_MS.renderErrorClose,
    () => expect(overlay).toBeHidden(),
    () => expect(overlay).toBeVisible(),
  );
});

test('the feedback page goes home 3 s after the thank-you', async ({ page }) => {
  await page.clock.install();
  await page.goto('/feedback?rating=5');
  await pauseNow(page);
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expectAfter(
    page,
    TIMERS_MS.feedbackRedirect,
    () => expect(page).toHaveURL(/\/$/),
    () => expect(page).toHaveURL(/\/feedback/),
  );
});
