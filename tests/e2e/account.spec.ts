// A homeowner's control over their data in a real browser: sign up, upload and render a photo, download
// the export from /account and check the zip, delete the account, then signing in fails and the photo is gone.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, failedResourceStatus, test } from './test';
import { readZip } from '../helpers/zip-entries';
import { E2E_ADMIN, uniqueEmail } from './e2e-constants';
import { fillSignUp, openSignIn } from './helpers';
import { queryServerDatabase } from './mail-box';

const fixture = path.resolve('../shared/fixtures/rooms/kitchen_1.jpg');

test('a homeowner downloads their data and deletes their account', async ({ page, request, allowConsoleErrors }) => {
  // Signing in to the deleted account is refused on purpose.
  allowConsoleErrors(failedResourceStatus(401));
  test.setTimeout(90_000);
  const email = uniqueEmail('leaving');
  await page.goto('/');
  await openSignIn(page);
  await fillSignUp(page, 'Lee Leaving', email, 'secret123');
  await expect(page.getByTestId('welcome')).toBeVisible();

  // Upload and render, as in render.spec.ts.
  await page.getByRole('main').getByRole('button', { name: 'Upload Your Space' }).click();
  const zipGate = page.getByRole('dialog', { name: 'Confirm Your Location' });
  await zipGate.getByLabel('ZIP code').fill('01701');
  await zipGate.getByRole('button', { name: 'Confirm ZIP Code' }).click();
  await page.getByTestId('file-input').setInputFiles(fixture);
  await page.getByRole('radio', { name: 'Kitchen' }).click();
  await page.getByRole('button', { name: 'Continue with Kitchen' }).click();
  await page.getByRole('dialog', { name: 'Choose Your AI Engine' }).getByRole('button', { name: 'Continue' }).click();
  const style = page.getByRole('dialog', { name: 'Choose a Design Style' });
  await style.getByRole('radio', { name: /Farmhouse Chic/ }).click();
  await style.getByRole('button', { name: 'Generate My Design' }).click();
  await expect(page.getByRole('dialog', { name: 'Your Design is Ready!' })).toBeVisible({ timeout: 40_000 });

  // The account page, from the signed-in header.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^metrowest-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = readZip(readFileSync(await download.path()));
  const names = [...entries.keys()];
  expect(names).toEqual(
    expect.arrayContaining(['README.txt', 'profile.json', 'uploads.json', 'renders.json', 'leads.json', 'feedback.json']),
  );
  const photos = names.filter((name) => /^photos\/[\w-]+\.jpg$/.test(name));
  expect(photos).toHaveLength(1);
  // Never through the email step, so the design is the blurred preview the homeowner saw.
  expect(names.filter((name) => /^renders\/[\w-]+-preview\.jpg$/.test(name))).toHaveLength(1);
  expect(JSON.parse(entries.get('profile.json')!.toString())).toMatchObject({ email, name: 'Lee Leaving' });
  const uploadId = photos[0].slice('photos/'.length, -'.jpg'.length);
  const [{ storage_key: storageKey }] = queryServerDatabase<{ storage_key: string }>(
    'select storage_key from uploads where id = ?',
    uploadId,
  );
  const photoFile = path.join(process.env.E2E_DATA_DIR!, 'files', storageKey);
  expect(existsSync(photoFile)).toBe(true);

  // Delete, through the confirmation dialog: a wrong email is refused first.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await confirm.getByLabel(`Type ${email} to confirm`).fill('someone-else@example.com');
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('The email you typed is not your account email.');
  await confirm.getByLabel(`Type ${email} to confirm`).fill(email);
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/\?account=deleted$/);
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign In' })).toBeVisible();

  // Signing in fails now.
  await openSignIn(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
  await expect(page.getByTestId('welcome')).toHaveCount(0);

  // The photo is gone: from disk, and its URL answers 404 even to an admin.
  expect(existsSync(photoFile)).toBe(false);
  const admin = await request.post('/api/auth/sign-in/email', { data: E2E_ADMIN });
  const token = admin.headers()['set-auth-token'];
  const photoUrl = await request.get(`/api/uploads/${uploadId}/image`, { headers: { authorization: `Bearer ${token}` } });
  expect(photoUrl.status()).toBe(404);
});
