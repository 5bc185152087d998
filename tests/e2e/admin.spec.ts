// The Admin Panel in a browser: the access check for visitors and homeowners, and the admin's work.
import { randomUUID } from 'node:crypto';
import { expect, failedResourceStatus, test } from './test';
import { DOSSIER_MESSAGES, BACK_OFFICE_MESSAGES } from '#shared/messages';
import { E2E_ADMIN } from './e2e-constants';
import { fixtureLogin, signInAs, signUpNewHomeowner, toasts } from './helpers';
import { mailsTo, queryServerDatabase, writeServerDatabase } from './mail-box';

test('a visitor and a homeowner get the seed denial at /admin', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('alert')).toHaveText(BACK_OFFICE_MESSAGES.accessDeniedSignIn);
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign Up' }).click();
  await page.goto('/');
  await signUpNewHomeowner(page, 'Hank Homeowner');
  await page.goto('/admin');
  await expect(page.getByRole('alert')).toHaveText(BACK_OFFICE_MESSAGES.accessDeniedNotAdmin);
});

test('an admin filters the dashboard, manages contractors, leads, roles and reads feedback', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;

  // A homeowner whose role the admin will change, and three fresh leads and one feedback row.
  const homeownerEmail = `role-${tag}@example.com`;
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { name: 'Rory Role', email: homeownerEmail, password: 'secret123' },
  });
  expect(signUp.ok()).toBe(true);
  const now = new Date().toISOString();
  for (const index of [1, 2, 3]) {
    writeServerDatabase(
      `insert into leads (id, name, email, zip, room_type, style, status, consent_version, consent_text, consent_at, created_at, updated_at) values (?, ?, ?, '01701', 'kitchen', 'Transitional', 'new', 'e2e-fixture', 'Agreed to be contacted (e2e fixture).', '2026-11-01T00:00:00.000Z', ?, ?)`,
      randomUUID(),
      `Lead ${index}`,
      `lead${index}-${tag}@example.com`,
      now,
      now,
    );
  }
  writeServerDatabase(
    `insert into feedback (id, rating, comment, source, created_at) values (?, 4, ?, 'email', ?)`,
    randomUUID(),
    `Great tool ${tag}`,
    now,
  );

  await page.goto('/');
  await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByText(`Logged in as ${E2E_ADMIN.email}`)).toBeVisible();

  // Dashboard, last 7 days.
  await page.getByRole('button', { name: 'Last 7 Days' }).click();
  await expect(page.getByRole('button', { name: 'Last 7 Days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Total Leads')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Funnel' })).toBeVisible();

  // Add, then edit, a contractor who serves all of MetroWest.
  await page.getByRole('tab', { name: 'Contractors' }).click();
  await page.getByRole('button', { name: 'Add New Contractor' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Contractor' });
  await add.getByLabel('Name').fill(`Ace Kitchens ${tag}`);
  await add.getByLabel('Email').fill(`ace-${tag}@example.com`);
  await add.getByLabel('Active subscriber').check();
  await add.getByLabel('Serves all ZIP codes').check();
  await add.getByRole('button', { name: 'Add Contractor' }).click();
  await expect(add.getByRole('status')).toContainText('Contractor added');
  await expect(add).toBeHidden({ timeout: 5000 });
  const row = page.getByTestId('contractor-row').filter({ hasText: `Ace Kitchens ${tag}` });
  await expect(row).toContainText('All MetroWest');
  await row.getByRole('button', { name: /Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contractor' });
  await edit.getByLabel('Price per lead').fill('30');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden({ timeout: 5000 });
  await expect(row).toContainText('$30.00 per lead');

  // Leads: change a status, then assign by each of the three methods.
  await page.getByRole('tab', { name: 'Leads' }).click();
  await page.getByRole('button', { name: 'All Time' }).click();
  const search = page.getByLabel('Search leads');
  const assignBy = async (index: number, method: 'Manual Selection' | 'Round Robin' | 'Next in Line') => {
    await search.fill(`lead${index}-${tag}`);
    const leadRow = page.getByTestId('lead-row').filter({ hasText: `lead${index}-${tag}` });
    await expect(leadRow).toHaveCount(1);
    await leadRow.getByRole('button', { name: /Assign lead/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Lead' });
    await dialog.getByText(method, { exact: true }).click();
    if (method === 'Manual Selection') {
      await expect(dialog.getByRole('button', { name: 'Assign to 0 Contractor(s)' })).toBeDisabled();
      await dialog.getByRole('checkbox', { name: new RegExp(`Ace Kitchens ${tag}`) }).check();
    }
    await dialog.getByRole('button', { name: 'Assign to 1 Contractor(s)' }).click();
    await expect(dialog.getByRole('status')).toContainText(method);
    await expect(dialog).toBeHidden({ timeout: 5000 });
    await expect(leadRow).toContainText(`Ace Kitchens ${tag}`);
    // A lead already further along (contacted) keeps its status; a new one becomes 'assigned'.
    await expect(leadRow.getByLabel('Status')).toHaveValue(index === 1 ? 'contacted' : 'assigned');
  };

  await search.fill(`lead1-${tag}`);
  const first = page.getByTestId('lead-row').filter({ hasText: `lead1-${tag}` });
  await first.getByLabel('Status').selectOption('contacted');
  await expect(first.getByLabel('Status')).toHaveValue('contacted');
  await assignBy(1, 'Manual Selection');
  await assignBy(2, 'Round Robin');
  await assignBy(3, 'Next in Line');

  // Users: change a role; the admin cannot delete their own account.
  await page.getByRole('tab', { name: 'Users' }).click();
  const userRow = page.getByTestId('user-row').filter({ hasText: homeownerEmail });
  await userRow.getByLabel(`Role of ${homeownerEmail}`).selectOption('contractor');
  // The seed's question, in an accessible dialog rather than a browser popup.
  const confirmRole = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirmRole).toContainText(BACK_OFFICE_MESSAGES.confirmRoleChange('contractor'));
  await confirmRole.getByRole('button', { name: 'Change role' }).click();
  await expect(userRow.getByLabel(`Role of ${homeownerEmail}`)).toHaveValue('contractor');
  const ownRow = page.getByTestId('user-row').filter({ hasText: E2E_ADMIN.email });
  await expect(ownRow.getByRole('button', { name: `Delete ${E2E_ADMIN.email}` })).toBeDisabled();
  await expect(ownRow.getByTitle(BACK_OFFICE_MESSAGES.cannotDeleteOwnAccount)).toBeVisible();

  // Assignments and feedback.
  await page.getByRole('tab', { name: 'Assignments' }).click();
  await expect(page.getByTestId('assignment-row').filter({ hasText: `lead2-${tag}` })).toContainText('Sent');
  await page.getByRole('tab', { name: 'Feedback' }).click();
  const feedbackRow = page.getByTestId('feedback-row').filter({ hasText: `Great tool ${tag}` });
  await expect(feedbackRow).toContainText('4/5');
  await expect(page.getByText('Total Feedback')).toBeVisible();
});

test('an admin sorts and exports leads, approves an application, changes settings and reads system status', async ({ page, request }) => {
  test.setTimeout(90_000);
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const now = Date.now();
  for (const [index, score] of [
    [1, 20],
    [2, 90],
    [3, 55],
  ]) {
    const at = new Date(now - index * 60_000).toISOString();
    writeServerDatabase(
      `insert into leads (id, name, email, zip, room_type, style, status, probability_to_close_score, consent_version, consent_text, consent_at, created_at, updated_at) values (?, ?, ?, '01760', 'bathroom', 'Coastal', 'new', ?, 'e2e-fixture', 'Agreed to be contacted (e2e fixture).', '2026-11-01T00:00:00.000Z', ?, ?)`,
      randomUUID(),
      `Sorted ${index}`,
      `sort${index}-${tag}@example.com`,
      score,
      at,
      at,
    );
  }
  const application = await request.post('/api/contractor-applications', {
    data: {
      name: 'Alex Applicant',
      company: `Apply Builders ${tag}`,
      email: `apply-${tag}@example.com`,
      trade: 'Kitchens',
      serviceArea: 'Natick, Wellesley',
    },
  });
  expect(application.ok()).toBe(true);

  await page.goto('/');
  await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin');

  // Leads: newest first by default; sorted by score, highest first, then lowest first.
  await page.getByRole('tab', { name: 'Leads' }).click();
  await page.getByLabel('Search leads').fill(`-${tag}@`);
  const names = () => page.getByTestId('lead-row').locator('td:first-child p.font-semibold').allTextContents();
  await expect.poll(names).toEqual(['Sorted 1', 'Sorted 2', 'Sorted 3']);
  await expect(page.getByText('Page 1 of 1', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Scores/ }).click();
  await expect.poll(names).toEqual(['Sorted 2', 'Sorted 3', 'Sorted 1']);
  await page.getByRole('button', { name: /^Scores/ }).click();
  await expect.poll(names).toEqual(['Sorted 1', 'Sorted 3', 'Sorted 2']);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await (await import('node:fs/promises')).readFile(await download.path())).toString('utf8');
  expect(
    csv
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[1]),
  ).toEqual(['Sorted 1', 'Sorted 3', 'Sorted 2']);

  // The lead dossier opens from the row.
  await page.getByRole('button', { name: `Dossier of sort2-${tag}@example.com` }).click();
  const dossier = page.getByRole('dialog', { name: 'Lead Dossier' });
  await expect(dossier.getByText('Sorted 2').first()).toBeVisible();
  await expect(dossier.getByRole('button', { name: 'Export PDF' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dossier).toBeHidden();

  // Contractors: the application appears and is approved; the new contractor is listed.
  await page.getByRole('tab', { name: 'Contractors' }).click();
  const applicationRow = page.getByTestId('application-row').filter({ hasText: `Apply Builders ${tag}` });
  await applicationRow.getByRole('button', { name: `Approve apply-${tag}@example.com` }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Approve' }).click();
  await expect(toasts(page)).toContainText(`invitation is on its way to apply-${tag}@example.com`);
  await expect(applicationRow).toContainText('approved');
  await expect(page.getByTestId('contractor-row').filter({ hasText: `Apply Builders ${tag}` })).toBeVisible();

  // Settings: automatic assignment and a service-area ZIP, added then removed.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('radio', { name: /Round Robin/ }).check();
  await expect(toasts(page)).toContainText('Automatic assignment saved.');
  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('radio', { name: /Round Robin/ })).toBeChecked();
  await page.getByRole('radio', { name: /^Off/ }).check();
  await expect(page.getByRole('radio', { name: /^Off/ })).toBeChecked();
  const zip = `0${String(tag).slice(-4)}`;
  await page.getByLabel('ZIP code', { exact: true }).fill(zip);
  await page.getByLabel('Town', { exact: true }).fill('Testville');
  await page.getByRole('button', { name: 'Add ZIP' }).click();
  const served = page.getByRole('list', { name: 'Served ZIP codes' });
  await expect(served.getByText(zip)).toBeVisible();
  await page.getByRole('button', { name: `Remove ${zip}` }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Stop serving' }).click();
  await expect(served.getByText(zip)).toBeHidden();

  // System status: every part reported, engines listed, a test mail queued.
  await page.getByRole('tab', { name: 'System status' }).click();
  await expect(page.getByRole('heading', { name: 'Database' })).toBeVisible();
  await expect(page.getByText('SQLite')).toBeVisible();
  await expect(page.getByTestId('engine-row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Send test email' }).click();
  await expect(toasts(page)).toContainText(`A test email is on its way to ${E2E_ADMIN.email}`);
});

test('an admin searches for a term in more than 10,000 leads and pages past the first', async ({ page }) => {
  // 10,001 closed leads with one tag, made an hour ago in one statement. The count stops at 10,000.
  const tag = `many${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const at = new Date(Date.now() - 3_600_000).toISOString();
  writeServerDatabase(
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < 10001)
     insert into leads (id, name, email, zip, room_type, style, status, consent_version, consent_text, consent_at, created_at, updated_at)
     select ? || '-' || i, 'Many ' || i, 'lead' || i || '-' || ? || '@example.com', '01760', 'kitchen', 'Transitional', 'dead',
       'e2e-fixture', 'Agreed to be contacted (e2e fixture).', ?, ?, ? from n`,
    tag,
    tag,
    at,
    at,
    at,
  );
  await page.goto('/');
  await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Leads' }).click();
  await page.getByLabel('Search leads').fill(`-${tag}@`);
  await expect(page.getByText('More than 10,000 leads')).toBeVisible();
  await expect(page.getByText('Page 1', { exact: true })).toBeVisible();
  await expect(page.getByTestId('lead-row')).toHaveCount(50);
  const firstPage = await page.getByTestId('lead-row').first().textContent();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('lead-row').first()).not.toHaveText(firstPage!);
  await expect(page.getByText('Page 2', { exact: true })).toBeVisible();
  await expect(page.getByTestId('lead-row')).toHaveCount(50);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();
});

test('an admin assigns a partner from the lead dossier and emails them the dossier', async ({ page, allowConsoleErrors }) => {
  // Emailing the dossier before anyone is assigned is refused on purpose (400).
  allowConsoleErrors(failedResourceStatus(400));
  test.setTimeout(90_000);
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  // Holliston, which no other spec uses: this contractor is eligible for this lead alone.
  const zip = '01746';
  const lead = { id: randomUUID(), name: `Dora Dossier ${tag}`, email: `dora-${tag}@example.com` };
  const partner = { id: randomUUID(), name: `Partner Builders ${tag}`, email: `partner-${tag}@example.com` };
  const now = new Date().toISOString();
  writeServerDatabase(
    `insert into leads (id, name, email, zip, room_type, style, status, wants_quote, lead_score, intent_score, consent_version, consent_text, consent_at, created_at, updated_at)
     values (?, ?, ?, ?, 'kitchen', 'Transitional', 'new', 1, 66, 72, 'e2e-fixture', 'Agreed to be contacted (e2e fixture).', '2026-11-01T00:00:00.000Z', ?, ?)`,
    lead.id,
    lead.name,
    lead.email,
    zip,
    now,
    now,
  );
  writeServerDatabase(
    `insert into contractors (id, name, email, is_active_subscriber, serves_all_zipcodes, created_at, updated_at) values (?, ?, ?, 1, 0, ?, ?)`,
    partner.id,
    partner.name,
    partner.email,
    now,
    now,
  );
  writeServerDatabase('insert into contractor_zip_codes (contractor_id, zip) values (?, ?)', partner.id, zip);

  await page.goto('/');
  await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Leads' }).click();
  await page.getByLabel('Search leads').fill(lead.email);
  await page.getByRole('button', { name: `Dossier of ${lead.email}` }).click();
  const dossier = page.getByRole('dialog', { name: 'Lead Dossier' });
  const card = dossier.getByRole('article', { name: `Lead dossier: ${lead.name}` });
  // The address was never confirmed: the list row and the card both say so.
  await expect(page.getByTestId('lead-row').filter({ hasText: lead.email })).toContainText('Email not confirmed');
  await expect(card.getByText('Email not confirmed')).toBeVisible();
  // Each score says why, worked out from what the lead told us when the dossier is read.
  await expect(card.getByLabel('Why Intent')).toContainText('Requested a quote');
  await expect(card.getByLabel('Why Quality')).toContainText('Profile 2/6 complete');

  // Nobody to email yet: the dialog says so under its buttons and sends nothing.
  await dossier.getByRole('button', { name: 'Email Contractor' }).click();
  await expect(dossier.getByText(DOSSIER_MESSAGES.noAssignedContractor)).toBeVisible();

  // Assign Partner opens the assign dialog on this lead; the partner is the one eligible contractor.
  await dossier.getByRole('button', { name: 'Assign Partner' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign Lead' });
  await expect(assign).toContainText(lead.email);
  await assign.getByRole('checkbox', { name: new RegExp(partner.name) }).check();
  await assign.getByRole('button', { name: 'Assign to 1 Contractor(s)' }).click();
  await expect(assign.getByRole('status')).toBeVisible();
  await expect(assign).toBeHidden({ timeout: 5000 });
  expect(queryServerDatabase<{ status: string }>('select status from leads where id = ?', lead.id)).toEqual([{ status: 'assigned' }]);

  // Now the dossier goes to the partner through the outbox, with the PDF attached.
  await dossier.getByRole('button', { name: 'Email Contractor' }).click();
  await expect(toasts(page)).toContainText(DOSSIER_MESSAGES.dossierQueued(1));
  const attachmentsTo = async (address: string) =>
    (await mailsTo(address)).flatMap((mail) => mail.attachments.map((attachment) => attachment.filename));
  await expect.poll(() => attachmentsTo(partner.email), { timeout: 20_000 }).toContain(`lead-dossier-dora-dossier-${tag}.pdf`);
});

test('the dashboard draws its charts; Recalculate Scores runs in the background with a progress bar, then says so in a toast', async ({
  page,
}) => {
  const tag = `charts-${Date.now()}${Math.floor(Math.random() * 1000)}`;
  // A lead of today, so the funnel and the leads per day have a bar whatever ran before.
  const now = new Date().toISOString();
  writeServerDatabase(
    `insert into leads (id, email, zip, room_type, style, status, created_at, updated_at) values (?, ?, '01701', 'kitchen', 'Transitional', 'new', ?, ?)`,
    randomUUID(),
    `${tag}@example.com`,
    now,
    now,
  );
  const admin = await fixtureLogin('admin', 'Admin', tag);
  await page.goto('/');
  await signInAs(page, admin.email, admin.password);
  await page.goto('/admin');
  // Recharts draws the funnel as SVG bars; the same numbers are in the figure's table for screen readers.
  const funnel = page.getByRole('figure', { name: 'Leads by status' });
  await expect(funnel.locator('svg .recharts-bar-rectangle').first()).toBeVisible();
  await expect(funnel.getByRole('table')).toContainText('new');
  await expect(page.getByRole('figure', { name: /New leads per day/ }).locator('svg')).toBeVisible();

  // The first progress poll after the press is held back until the bar and the busy button have been seen, so the
  // run cannot report done first however quickly it goes.
  let pressed = false;
  let releasePoll!: () => void;
  const pollHeld = new Promise<void>((resolve) => (releasePoll = resolve));
  await page.route('**/api/recalculate-lead-scores', async (route) => {
    pressed = true;
    await route.continue();
  });
  await page.route('**/api/admin/lead-score-recalculation', async (route) => {
    if (pressed) await pollHeld;
    await route.continue();
  });
  await page.getByRole('tab', { name: 'Leads' }).click();
  await page.getByRole('button', { name: 'Recalculate Scores' }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText(BACK_OFFICE_MESSAGES.confirmRecalculate);
  await confirm.getByRole('button', { name: 'Recalculate' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recalculating...' })).toBeDisabled();
  releasePoll();
  await expect(toasts(page)).toContainText(BACK_OFFICE_MESSAGES.recalculated, { timeout: 20_000 });
  await expect(page.getByRole('progressbar')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Recalculate Scores' })).toBeEnabled();
});
