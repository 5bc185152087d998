// The contractor's side in a browser: an admin adds a contractor, who accepts the emailed invitation,
// signs in and sees only their own lead; searches, filters, opens the dossier, marks the lead contacted
// with a note and exports JSON and CSV. The admin then sees the response time. And the dossier demo page.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './test';
import { BACK_OFFICE_MESSAGES } from '#shared/messages';
import { E2E_ADMIN } from './e2e-constants';
import { signInAs } from './helpers';
import { mailsTo, queryServerDatabase, waitForMailTo, writeServerDatabase } from './mail-box';

async function downloadOf(page: Page, button: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  return { name: download.suggestedFilename(), content: await readFile(await download.path(), 'utf8') };
}

// Sherborn, which no other spec uses: contractors serving it never become eligible for other specs' leads.
const ZIP = '01770';

test('an invited contractor works their own lead; the admin sees the response time', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const contractorName = `Dana Dossier ${tag}`;
  const contractorEmail = `dana-${tag}@example.com`;
  const mine = { id: randomUUID(), name: `Mine Lead ${tag}`, email: `mine-${tag}@example.com`, confirmed: 1 };
  const other = { id: randomUUID(), name: `Other Lead ${tag}`, email: `other-${tag}@example.com`, confirmed: 0 };
  const now = new Date().toISOString();
  for (const lead of [mine, other]) {
    writeServerDatabase(
      `insert into leads (id, name, email, email_confirmed, phone, zip, room_type, style, status, lead_score, intent_score, engagement_score, lead_quality_score, probability_to_close_score, consent_version, consent_text, consent_at, created_at, updated_at)
       values (?, ?, ?, ?, '508-555-0199', ?, 'kitchen', 'Transitional', 'new', 72, 81, 60, 70, 75, 'e2e-fixture', 'Agreed to be contacted (e2e fixture).', '2026-11-01T00:00:00.000Z', ?, ?)`,
      lead.id,
      lead.name,
      lead.email,
      lead.confirmed,
      ZIP,
      now,
      now,
    );
  }
  const otherContractorId = randomUUID();
  writeServerDatabase(
    `insert into contractors (id, name, email, is_active_subscriber, serves_all_zipcodes, created_at, updated_at) values (?, ?, ?, 1, 0, ?, ?)`,
    otherContractorId,
    `Other Builder ${tag}`,
    `other-builder-${tag}@example.com`,
    now,
    now,
  );
  writeServerDatabase('insert into contractor_zip_codes (contractor_id, zip) values (?, ?)', otherContractorId, ZIP);

  // The admin adds the contractor, which emails the invitation, and assigns one lead to each contractor.
  await page.goto('/');
  await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Contractors' }).click();
  await page.getByRole('button', { name: 'Add New Contractor' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Contractor' });
  await add.getByLabel('Name').fill(contractorName);
  await add.getByLabel('Email').fill(contractorEmail);
  await add.getByLabel('Active subscriber').check();
  await add.getByRole('checkbox', { name: `${ZIP} Sherborn` }).check();
  await add.getByRole('button', { name: 'Add Contractor' }).click();
  await expect(add.getByRole('status')).toContainText('Contractor added');
  await expect(add).toBeHidden({ timeout: 5000 });
  const [{ id: contractorId }] = queryServerDatabase<{ id: string }>('select id from contractors where email = ?', contractorEmail);
  for (const [leadId, assignee] of [
    [mine.id, contractorId],
    [other.id, otherContractorId],
  ]) {
    const response = await page.request.post('/api/leads/assign-manually', { data: { leadId, contractorIds: [assignee] } });
    expect(response.ok(), await response.text()).toBe(true);
  }

  // The contractor accepts the invitation in their own browser.
  const invitation = await waitForMailTo(contractorEmail);
  const token = /contractor-invite\?token=([A-Za-z0-9_-]+)/.exec(invitation.text ?? '')?.[1];
  expect(token).toBeTruthy();
  const contractorContext = await browser.newContext();
  const contractor = await contractorContext.newPage();
  await contractor.goto(`/contractor-invite?token=${token}`);
  await contractor.getByLabel('Password', { exact: true }).fill('contractor-secret-1');
  await contractor.getByRole('button', { name: 'Set Password and Sign In' }).click();
  await expect(contractor).toHaveURL(/\/contractor-dashboard$/);
  await expect(contractor.getByText(`Welcome, ${contractorName} · Serving ${ZIP}`)).toBeVisible();

  // Only their own lead, found by search and kept by the High Value filter.
  const rows = contractor.getByTestId('contractor-lead-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(mine.email);
  // The homeowner confirmed their address, and the contractor can see it.
  await expect(rows).toContainText('Email confirmed');
  await expect(contractor.getByText(other.email)).toHaveCount(0);
  const search = contractor.getByLabel('Search leads');
  await search.fill('nobody-matches-this');
  await expect(contractor.getByText(BACK_OFFICE_MESSAGES.noLeads)).toBeVisible();
  await search.fill(`mine-${tag}`);
  await expect(rows).toHaveCount(1);
  await contractor.getByLabel('Filter leads').selectOption({ label: 'High Value' });
  await expect(rows).toHaveCount(1);

  // The new-lead email's button opens this lead's details on the dashboard (through the click tracking).
  const leadLink = async () =>
    (await mailsTo(contractorEmail)).map((mail) => /http:\/\/\S+\/api\/t\/c\/[0-9a-f-]+/.exec(String(mail.text))?.[0]).find(Boolean);
  await expect.poll(leadLink, { timeout: 15_000 }).toBeTruthy();
  await contractor.goto((await leadLink())!);
  await expect(contractor).toHaveURL(new RegExp(`/contractor-dashboard\\?lead=${mine.id}$`));

  // Details with the dossier card; mark contacted with a note.
  const details = contractor.getByRole('dialog', { name: mine.name });
  const card = details.getByRole('article', { name: `Lead dossier: ${mine.name}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('High Intent')).toBeVisible();
  await expect(card.getByText(BACK_OFFICE_MESSAGES.noContractorNotes)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Export PDF' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Assign Partner' })).toHaveCount(0);
  const [pdf] = await Promise.all([contractor.waitForEvent('download'), card.getByRole('button', { name: 'Export PDF' }).click()]);
  expect(pdf.suggestedFilename()).toBe(`lead-dossier-mine-lead-${tag}.pdf`);
  expect((await readFile(await pdf.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await card.getByLabel('Add an insight').fill('Wants a quote before spring');
  await card.getByRole('button', { name: 'Add Insight' }).click();
  await expect(card.getByRole('list', { name: 'Contractor insights' })).toContainText('Wants a quote before spring');
  await expect(card.getByRole('list', { name: 'Contractor insights' })).toContainText(contractorName);
  await details.getByLabel('Note (optional)').fill('Called, site visit on Friday');
  await details.getByRole('button', { name: 'Mark as contacted' }).click();
  await expect(details).toBeHidden();
  await expect
    .poll(() =>
      queryServerDatabase<{ note: string }>(`select note from lead_status_changes where lead_id = ? and to_status = 'contacted'`, mine.id),
    )
    .toEqual([{ note: 'Called, site visit on Friday' }]);

  // Exports: JSON and CSV, named by today's date, with the lead and nothing else.
  const today = new Date().toISOString().slice(0, 10);
  const json = await downloadOf(contractor, 'Export Leads');
  expect(json.name).toBe(`contractor-leads-${today}.json`);
  const exported = JSON.parse(json.content) as { id: string; email: string; status: string }[];
  expect(exported.map((lead) => [lead.email, lead.status])).toEqual([[mine.email, 'contacted']]);
  const csv = await downloadOf(contractor, 'Export CSV');
  expect(csv.name).toBe(`contractor-leads-${today}.csv`);
  const lines = csv.content.trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toBe(Object.keys(exported[0]).join(','));
  expect(lines[1]).toContain(`${mine.id},${mine.name},${mine.email},508-555-0199,${ZIP}`);
  expect(csv.content).not.toContain(other.email);
  await contractorContext.close();

  // The admin's Assignments tab shows the response.
  await page.getByRole('tab', { name: 'Assignments' }).click();
  const assignment = page.getByTestId('assignment-row').filter({ hasText: mine.email });
  await expect(assignment).toContainText(contractorName);
  await expect(assignment).toContainText(/Yes \(\d+\.\d h\)/);
});

test('the dossier demo page shows a high and a medium intent card', async ({ page }) => {
  await page.goto('/lead-dossier-demo');
  await expect(page.getByRole('heading', { name: 'Lead Dossier Demo', level: 1 })).toBeVisible();
  const cards = page.getByRole('article', { name: /^Lead dossier: / });
  await expect(cards).toHaveCount(2);
  const high = page.getByRole('article', { name: 'Lead dossier: Sarah Johnson' });
  await expect(high.getByText('High Intent')).toBeVisible();
  await expect(high.getByText('$1,250,000')).toBeVisible();
  await expect(high.getByRole('img', { name: 'After (sample illustration)' })).toBeVisible();
  const medium = page.getByRole('article', { name: 'Lead dossier: Michael Chen' });
  await expect(medium.getByText('Medium Intent')).toBeVisible();
  await expect(medium.getByText('Renovation Preview')).toHaveCount(0);
  await expect(medium.getByText(BACK_OFFICE_MESSAGES.noContractorNotes)).toBeVisible();
  await high.getByRole('button', { name: 'Export PDF' }).click();
  await expect(page.getByRole('status')).toContainText('Export PDF');
});
