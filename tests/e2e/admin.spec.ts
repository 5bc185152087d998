// The Admin Panel in a browser: the access check for visitors and homeowners, and the admin's work.
import { expect, test } from '@playwright/test';
import { BACK_OFFICE_MESSAGES } from '../../src/shared/messages';
import { signUpNewHomeowner } from './helpers';

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
