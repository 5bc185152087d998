// The lead business in a browser (docs/lead-business.md): an admin assigns leads by each method under the
// cap, a contractor disputes one and the admin approves it, and the contractor's statement carries the
// charge and the credit; and a contractor on a phone marks a lead contacted with a note and sees it saved.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from './test';
import { ADMIN_MESSAGES } from '#shared/messages';
import { fixtureLogin, signInAs, toasts } from './helpers';
import { writeServerDatabase } from './mail-box';

/** A contractor record serving one ZIP code, made directly as a fixture, with its own login when asked. */
async function contractor(zip: string, tag: string, label: string, withLogin: boolean) {
  const login = withLogin ? await fixtureLogin('contractor', label, tag) : null;
  const email = login?.email ?? `${label.toLowerCase()}-${tag}@example.com`;
  const id = randomUUID();
  const now = new Date().toISOString();
  writeServerDatabase(
    `insert into contractors (id, user_id, name, email, is_active_subscriber, serves_all_zipcodes, price_per_lead, created_at, updated_at) values (?, ?, ?, ?, 1, 0, 25, ?, ?)`,
    id,
    login?.id ?? null,
    `${label} ${tag}`,
    email,
    now,
    now,
  );
  writeServerDatabase('insert into contractor_zip_codes (contractor_id, zip) values (?, ?)', id, zip);
  return { id, email, name: `${label} ${tag}`, password: login?.password ?? '' };
}

function consentedLead(zip: string, name: string, email: string) {
  const id = randomUUID();
  const now = new Date().toISOString();
  writeServerDatabase(
    `insert into leads (id, name, email, phone, zip, room_type, style, status, wants_quote, consent_version, consent_text, consent_at, created_at, updated_at)
     values (?, ?, ?, '508-555-0142', ?, 'kitchen', 'Transitional', 'new', 1, 'e2e-fixture', 'Agreed to be contacted (e2e fixture).', ?, ?, ?)`,
    id,
    name,
    email,
    zip,
    now,
    now,
    now,
  );
  return { id, name, email };
}

test('an admin assigns by each method under the cap; a contractor disputes a lead; the statement shows the charge and the credit', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Holliston and Hopkinton's neighbour ZIPs that no other spec uses, so only these contractors are eligible.
  const zip = '01745';
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const pro = await contractor(zip, tag, 'Quinn', true);
  const other = await contractor(zip, tag, 'Rowan', false);
  const leads = [1, 2, 3].map((index) => consentedLead(zip, `Biz Lead ${index} ${tag}`, `biz${index}-${tag}@example.com`));

  const admin = await fixtureLogin('admin', 'Admin', tag);
  await page.goto('/');
  await signInAs(page, admin.email, admin.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Leads' }).click();
  await page.getByRole('button', { name: 'All Time' }).click();
  const search = page.getByLabel('Search leads');
  for (const [index, method] of [
    [0, 'Manual Selection'],
    [1, 'Round Robin'],
    [2, 'Next in Line'],
  ] as const) {
    await search.fill(leads[index].email);
    const row = page.getByTestId('lead-row').filter({ hasText: leads[index].email });
    await row.getByRole('button', { name: /Assign lead/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Lead' });
    await expect(dialog.getByText('This lead can go to 4 more contractors (at most 4 share one lead).')).toBeVisible();
    await dialog.getByText(method, { exact: true }).click();
    if (method === 'Manual Selection') await dialog.getByRole('checkbox', { name: new RegExp(pro.name) }).check();
    // The automatic methods name who will receive the lead before the admin confirms.
    else await expect(dialog.getByTestId('automatic-pick')).toContainText(/Will go to (Quinn|Rowan)/);
    await dialog.getByRole('button', { name: 'Assign to 1 Contractor(s)' }).click();
    await expect(dialog.getByRole('status')).toContainText(method);
    await expect(dialog).toBeHidden({ timeout: 5000 });
  }

  // The contractor disputes the manually assigned lead.
  const context = await browser.newContext();
  const contractorPage = await context.newPage();
  await contractorPage.goto('/');
  await signInAs(contractorPage, pro.email, pro.password);
  await contractorPage.goto('/contractor-dashboard');
  const row = contractorPage.getByTestId('contractor-lead-row').filter({ hasText: leads[0].email });
  await row.getByRole('button', { name: 'View Details' }).click();
  const details = contractorPage.getByRole('dialog', { name: leads[0].name });
  await expect(details.getByTestId('respond-by')).toContainText('Mark it contacted by');
  await details.getByRole('button', { name: 'Dispute this lead' }).click();
  await details.getByLabel('Reason').selectOption({ label: 'Wrong ZIP code' });
  await details.getByLabel('What is wrong (optional)').fill('The house is in Worcester.');
  await details.getByRole('button', { name: 'Send dispute' }).click();
  // Once the list has the dispute, the dialog says so instead of offering another.
  await expect(details.getByTestId('dispute-status')).toHaveText('Disputed (Wrong ZIP code): open.');
  await context.close();

  // The admin approves it on the Billing tab.
  await page.getByRole('tab', { name: 'Billing' }).click();
  const card = page.getByTestId('dispute-card').filter({ hasText: pro.name });
  await expect(card).toContainText('Wrong ZIP code');
  await expect(card).toContainText('The house is in Worcester.');
  await card.getByLabel('Note').fill('Confirmed with the homeowner.');
  await card.getByRole('button', { name: 'Approve and credit' }).click();
  await expect(toasts(page)).toContainText(ADMIN_MESSAGES.disputeApproved('$25.00'));
  await expect(page.getByTestId('revenue-row').first()).toBeVisible();

  // The statement: the lead's charge and its credit, and a balance of nothing owed for leads.
  await page.getByRole('tab', { name: 'Contractors' }).click();
  const contractorRow = page.getByTestId('contractor-row').filter({ hasText: pro.name });
  const [download] = await Promise.all([page.waitForEvent('download'), contractorRow.getByRole('link', { name: 'CSV' }).click()]);
  const csv = await readFile(await download.path(), 'utf8');
  expect(download.suggestedFilename()).toMatch(/^statement-Quinn-\d+-\d{4}-\d{2}\.csv$/);
  expect(csv).toMatch(/lead-charge,"Lead: Kitchen, ZIP 01745",25\.00/);
  expect(csv).toMatch(/dispute-credit,Credit: dispute approved \(Wrong ZIP code\),-25\.00/);
  expect(other.id).toBeTruthy();
});

test('a contractor on a phone marks a lead contacted with a note and sees it saved', async ({ browser }) => {
  const zip = '01748';
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const pro = await contractor(zip, tag, 'Sasha', true);
  const lead = consentedLead(zip, `Phone Lead ${tag}`, `phone-${tag}@example.com`);
  const now = new Date().toISOString();
  writeServerDatabase(
    `insert into assignments (id, lead_id, contractor_id, assignment_method, assigned_at, price_cents, respond_by) values (?, ?, ?, 'manual', ?, 2500, ?)`,
    randomUUID(),
    lead.id,
    pro.id,
    now,
    new Date(Date.now() + 24 * 3_600_000).toISOString(),
  );

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/');
  await signInAs(page, pro.email, pro.password);
  await page.goto('/contractor-dashboard');
  const row = page.getByTestId('contractor-lead-row').filter({ hasText: lead.email });
  // The leads table is a list of cards on a phone: nothing scrolls sideways.
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await row.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: lead.name });
  // Contacting the homeowner stays on screen on a phone, however long the lead's details are.
  await expect(details.getByRole('link', { name: 'Send Email' })).toBeInViewport({ ratio: 1 });
  await details.getByLabel('Note (optional)').fill('Called, visiting Tuesday at 10.');
  await details.getByRole('button', { name: 'Mark as contacted' }).click();
  await expect(details).toBeHidden();
  await expect(row).toContainText('Status: contacted');
  await expect(row.getByTestId('latest-note')).toHaveText('Note: Called, visiting Tuesday at 10.');
  await row.getByRole('button', { name: 'View Details' }).click();
  await expect(page.getByRole('dialog', { name: lead.name }).getByTestId('status-notes')).toContainText('Called, visiting Tuesday at 10.');
  await context.close();
});
