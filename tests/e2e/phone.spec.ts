// The homeowner's flow on a phone, at 390×844 and 360×740: the upload offers the camera and the photo
// library (no QR code, which is for moving from a computer to a phone), and every modal's primary action is
// on screen without scrolling, however long the modal's body is.
import { expect, test, type Locator, type Page } from './test';
import { randomUUID } from 'node:crypto';
import { fixture, fixtureLogin, signInAs } from './helpers';
import { writeServerDatabase } from './mail-box';

const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

/** Fully on screen, with nothing scrolled. */
const expectOnScreen = (action: Locator) => expect(action).toBeInViewport({ ratio: 1 });

async function phonePage(browser: import('@playwright/test').Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true });
  return context.newPage();
}

for (const viewport of PHONES) {
  test(`on a ${viewport.width}×${viewport.height} phone every modal's primary action is on screen`, async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await phonePage(browser, viewport);
    const person = await fixtureLogin('homeowner', 'Phone', `${viewport.width}-${Date.now()}`);
    await page.goto('/');
    // The longest form of the site: the contractor application.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Join as Contractor' }).click();
    await expectOnScreen(page.getByRole('dialog', { name: 'Join as Contractor' }).getByRole('button', { name: 'Send Application' }));
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign In' }).click();
    await expectOnScreen(page.getByRole('dialog').getByRole('button', { name: 'Sign In' }));
    await page.keyboard.press('Escape');
    await signInAs(page, person.email, person.password);

    await page.getByRole('main').getByRole('button', { name: 'Upload Your Space' }).click();
    const zip = page.getByRole('dialog', { name: 'Confirm Your Location' });
    await zip.getByLabel('ZIP code').fill('01701');
    await expectOnScreen(zip.getByRole('button', { name: 'Confirm ZIP Code' }));
    await zip.getByRole('button', { name: 'Confirm ZIP Code' }).click();

    // A phone's choices: the camera and the library, not the computer's file picker or the QR code.
    await expect(page.getByRole('button', { name: /Take a Photo/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Choose from Library/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /QR Code Upload/ })).toHaveCount(0);
    await expect(page.getByText('Choose a photo from your computer')).toHaveCount(0);

    await page.getByTestId('file-input').setInputFiles(fixture('living_room_1.jpg'));
    const room = page.getByRole('dialog', { name: 'What Type of Room Is This?' });
    await room.getByRole('radio', { name: 'Other Interior Space' }).click();
    await expectOnScreen(room.getByRole('button', { name: /Continue with/ }));
    await room.getByRole('button', { name: /Continue with/ }).click();
    const engine = page.getByRole('dialog', { name: 'Choose Your AI Engine' });
    await expectOnScreen(engine.getByRole('button', { name: 'Continue' }));
    await engine.getByRole('button', { name: 'Continue' }).click();

    // The last style is far down the list; choosing it leaves the button where it was.
    const style = page.getByRole('dialog', { name: 'Choose a Design Style' });
    await style.getByRole('radio').last().click();
    await expectOnScreen(style.getByRole('button', { name: 'Generate My Design' }));
    await style.getByRole('button', { name: 'Generate My Design' }).click();

    const result = page.getByRole('dialog', { name: 'Your Design is Ready!' });
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expectOnScreen(result.getByRole('button', { name: 'Send Me My Design' }));
    await result.getByLabel('Get quotes from contractors & design tips').check();
    await result.getByRole('button', { name: 'Send Me My Design' }).click();

    const quote = page.getByRole('dialog', { name: 'Get a Free Quote' });
    await expect(quote).toBeVisible({ timeout: 10_000 });
    await expectOnScreen(quote.getByRole('button', { name: 'Request My Free Quote' }));
    // Choosing the phone asks for the number; the action stays on screen.
    await quote.getByLabel('Phone', { exact: true }).check();
    await expect(quote.getByLabel('Phone number', { exact: true })).toBeVisible();
    await expect(quote.getByRole('button', { name: 'Request My Free Quote' })).toBeDisabled();
    await expectOnScreen(quote.getByRole('button', { name: 'Request My Free Quote' }));
    await page.context().close();
  });
}

test("on a 390×844 phone the lead dossier's actions stay on screen while the dossier scrolls", async ({ browser }) => {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const lead = { id: randomUUID(), name: `Phoebe Phone ${tag}`, email: `phoebe-${tag}@example.com` };
  const now = new Date().toISOString();
  writeServerDatabase(
    `insert into leads (id, name, email, zip, room_type, style, status, wants_quote, lead_score, intent_score, created_at, updated_at)
     values (?, ?, ?, '01701', 'kitchen', 'Transitional', 'new', 1, 70, 75, ?, ?)`,
    lead.id,
    lead.name,
    lead.email,
    now,
    now,
  );
  const admin = await fixtureLogin('admin', 'Admin', `phone-${tag}`);
  const page = await phonePage(browser, PHONES[0]);
  await page.goto('/');
  await signInAs(page, admin.email, admin.password);
  await page.goto('/admin');
  await page.getByRole('combobox', { name: 'Section' }).selectOption('Leads');
  await page.getByLabel('Search leads').fill(lead.email);
  await page.getByRole('button', { name: `Dossier of ${lead.email}` }).click();
  const dossier = page.getByRole('dialog', { name: 'Lead Dossier' });
  await expect(dossier.getByRole('article', { name: `Lead dossier: ${lead.name}` })).toBeVisible();
  // The dossier is taller than the phone: its last section is below the fold, its actions are not.
  await expect(dossier.getByRole('heading', { name: 'Contractor Insights' })).not.toBeInViewport();
  for (const action of ['Export PDF', 'Email Contractor', 'Assign Partner'])
    await expectOnScreen(dossier.getByRole('button', { name: action }));
  await dossier.getByRole('heading', { name: 'Contractor Insights' }).scrollIntoViewIfNeeded();
  await expectOnScreen(dossier.getByRole('button', { name: 'Assign Partner' }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.context().close();
});
