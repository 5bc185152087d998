// Town pages quote real homeowners only: the feedback page asks permission (first name and town), an admin
// approves the quote in the Feedback tab, and only then does it appear, on its own town's page.
import { randomUUID } from 'node:crypto';
import { expect, test } from './test';
import { townPath } from '#shared/pages';
import { fixtureLogin, signInAs } from './helpers';
import { writeServerDatabase } from './mail-box';

function leadIn(zip: string, email: string) {
  const id = randomUUID();
  const now = new Date().toISOString();
  writeServerDatabase(
    `insert into leads (id, name, email, zip, room_type, style, status, created_at, updated_at) values (?, 'Quoted Person', ?, ?, 'kitchen', 'Transitional', 'new', ?, ?)`,
    id,
    email,
    zip,
    now,
    now,
  );
  return id;
}

test('an approved quote appears on its town page; an unapproved one never does', async ({ page }) => {
  test.setTimeout(60_000);
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const words = `The preview made the decision easy (${tag}).`;
  const unapproved = `Please do not show this yet (${tag}).`;
  const approvedLead = leadIn('01760', `natick-${tag}@example.com`);
  const waitingLead = leadIn('01760', `natick-waiting-${tag}@example.com`);

  for (const [lead, comment, name] of [
    [approvedLead, words, 'Dana'],
    [waitingLead, unapproved, 'Lee'],
  ]) {
    await page.goto(`/feedback?lead_id=${lead}&rating=5`);
    await page.getByLabel('Tell us more (optional)').fill(comment);
    const permission = page.getByRole('checkbox', { name: /May we quote you on our site\?/ });
    await expect(permission).not.toBeChecked();
    await permission.check();
    await page.getByLabel('First name to show').fill(name);
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  }

  await page.goto(townPath('natick'));
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByText(words)).toHaveCount(0);

  const admin = await fixtureLogin('admin', 'Quotes', tag);
  await signInAs(page, admin.email, admin.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Feedback', exact: true }).click();
  const row = page.getByTestId('feedback-row').filter({ hasText: words });
  await expect(row).toContainText('As Dana, Natick');
  await row.getByRole('button', { name: 'Show on town page' }).click();
  await expect(row.getByRole('button', { name: 'Remove from town page' })).toBeVisible();

  await page.goto(townPath('natick'));
  const section = page.getByRole('region', { name: 'What Natick homeowners say' });
  await expect(section.getByText(words)).toBeVisible();
  await expect(section).toContainText('Dana, Natick');
  await expect(page.getByText(unapproved)).toHaveCount(0);
  await page.goto(townPath('wellesley'));
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByText(words)).toHaveCount(0);
});
