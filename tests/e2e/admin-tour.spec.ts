// Every admin dialog, then every tab, in one session (tests/e2e/test.ts fails it on any page error or console error): the
// panel once went blank after the Add Contractor dialog and the Settings tab shared a query key with two
// different shapes.
import { randomUUID } from 'node:crypto';
import { expect, test } from './test';
import { fixtureLogin, signInAs } from './helpers';
import { writeServerDatabase } from './mail-box';

const TABS = ['Dashboard', 'Leads', 'Users', 'Contractors', 'Assignments', 'Billing', 'Feedback', 'Settings', 'System status'];

test('an admin opens every dialog and then every tab without a page error', async ({ page }) => {
  test.setTimeout(90_000);
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const now = new Date().toISOString();
  writeServerDatabase(
    `insert into leads (id, name, email, zip, room_type, style, status, consent_version, consent_text, consent_at, created_at, updated_at)
     values (?, ?, ?, '01701', 'kitchen', 'Transitional', 'new', 'e2e-fixture', 'Agreed to be contacted (e2e fixture).', ?, ?, ?)`,
    randomUUID(),
    `Tour Lead ${tag}`,
    `tour-${tag}@example.com`,
    now,
    now,
    now,
  );

  await page.goto('/');
  const admin = await fixtureLogin('admin', 'Admin', tag);
  await signInAs(page, admin.email, admin.password);
  await page.goto('/admin');
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });

  // The dialogs: add contractor, edit contractor, assign lead, lead dossier.
  await tab('Contractors').click();
  await page.getByRole('button', { name: 'Add New Contractor' }).click();
  await expect(page.getByRole('dialog', { name: 'Add New Contractor' })).toBeVisible();
  await page.keyboard.press('Escape');
  const firstContractor = page.getByTestId('contractor-row').first();
  if (await firstContractor.isVisible()) {
    await firstContractor.getByRole('button', { name: /Edit/ }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Contractor' })).toBeVisible();
    await page.keyboard.press('Escape');
  }
  await tab('Leads').click();
  await page.getByLabel('Search leads').fill(`tour-${tag}`);
  const leadRow = page.getByTestId('lead-row').filter({ hasText: `tour-${tag}` });
  await leadRow.getByRole('button', { name: /Assign lead/ }).click();
  await expect(page.getByRole('dialog', { name: 'Assign Lead' })).toBeVisible();
  await page.keyboard.press('Escape');
  await leadRow.getByRole('button', { name: 'Dossier' }).click();
  await expect(page.getByRole('dialog').getByRole('article')).toBeVisible();
  await page.keyboard.press('Escape');

  // Then every tab, each showing its content.
  for (const name of TABS) {
    await tab(name).click();
    await expect(tab(name)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  }
  await tab('Contractors').click();
  await page.getByRole('button', { name: 'Add New Contractor' }).click();
  await expect(page.getByRole('dialog', { name: 'Add New Contractor' }).getByRole('checkbox').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await tab('Settings').click();
  await expect(page.getByRole('heading', { name: 'Lead rules' })).toBeVisible();

  // The System status diagnostics run real checks: the database answers, a test lead comes and goes.
  await tab('System status').click();
  const results = page.getByTestId('diagnostic-result');
  await page.getByRole('button', { name: 'Test database connection' }).click();
  await expect(results.first()).toContainText(/Test database connection: Connected to (SQLite|PostgreSQL)\. \d+ ms/);
  await page.getByRole('button', { name: 'Insert a test lead' }).click();
  await expect(results.first()).toContainText(/Insert a test lead: Test lead [0-9a-f-]+ scored \d+/);
  await page.getByRole('button', { name: 'Delete the test lead' }).click();
  await expect(results.first()).toHaveText('Delete the test lead: Test lead deleted.');
  await expect(page.getByRole('button', { name: 'Delete the test lead' })).toBeDisabled();
});
