// Variations and refinement in Chromium against the fake Replicate: render with the premium engine, try two
// more variations, pick the second, change something in it in words, send the email: the emailed image and
// the lead's image are the picked, refined one, and every label says what rendered it.
import { expect, test } from './test';
import { fixture, fixtureLogin, readyToUpload } from './helpers';
import { queryServerDatabase, waitForMailWithSubject } from './mail-box';

const MODEL = 'Nano Banana 2 (Gemini 3.1 Flash Image) on Replicate';

test('a homeowner tries variations, picks one, changes it in words and gets that one emailed', async ({ page }) => {
  test.setTimeout(150_000);
  const homeowner = await fixtureLogin('homeowner', 'Varia', `${Date.now()}`);
  await readyToUpload(page, homeowner);
  await page.getByTestId('file-input').setInputFiles(fixture('kitchen_1.jpg'));
  await page.getByRole('radio', { name: 'Kitchen' }).click();
  await page.getByRole('button', { name: 'Continue with Kitchen' }).click();
  const engines = page.getByRole('dialog', { name: 'Choose Your AI Engine' });
  await engines.getByRole('radio', { name: /Architectural Vision Engine/ }).click();
  await expect(engines.getByRole('radio', { name: /Architectural Vision Engine/ })).toContainText(`Renders with: ${MODEL}`);
  await engines.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /Contemporary Luxe/ }).click();
  await page.getByRole('button', { name: 'Generate My Design' }).click();
  await expect(page.getByTestId('overlay-renderer')).toHaveText(`Rendering with: ${MODEL}`);

  const modal = page.getByRole('dialog', { name: 'Your Design is Ready!' });
  await expect(modal).toBeVisible({ timeout: 45_000 });
  const results = modal.getByRole('radiogroup', { name: 'Results of this design' }).getByRole('radio');
  const variation = modal.getByRole('button', { name: 'Try another variation' });

  for (const count of [2, 3]) {
    await variation.click();
    await expect(modal.getByTestId('result-progress')).toBeVisible();
    await expect(results).toHaveCount(count, { timeout: 40_000 });
    // The finished variation is the one shown and picked.
    await expect(results.nth(count - 1)).toHaveAttribute('aria-checked', 'true');
  }

  await results.nth(1).click();
  await expect(results.nth(1)).toHaveAttribute('aria-checked', 'true');
  await modal.getByLabel('Change something in this result').fill('paint the walls sage green');
  await modal.getByRole('button', { name: 'Change', exact: true }).click();
  await expect(results).toHaveCount(4, { timeout: 40_000 });
  const refined = results.nth(3);
  await expect(refined).toHaveAttribute('aria-checked', 'true');
  await expect(refined).toHaveAccessibleName('Result 4: Changed (paint the walls sage green)');
  // Four is the most one design holds.
  await expect(variation).toBeDisabled();
  await expect(modal.getByTestId('rendered-by')).toHaveText(`Rendered by Architectural Vision Engine with AI (${MODEL})`);
  const refinedId = /\/api\/renders\/([^/]+)\/preview/.exec((await modal.getByTestId('render-preview').getAttribute('src'))!)![1];

  await modal.getByRole('button', { name: 'Send Me My Design' }).click();
  await expect(modal.getByRole('button', { name: 'Email Sent!' })).toBeVisible();
  await expect(modal.getByTestId('before-after-slider')).toBeVisible();

  const mail = await waitForMailWithSubject(homeowner.email, 'Your Kitchen design is ready', 30_000);
  expect(mail.text).toContain(`Rendered with AI (${MODEL}).`);
  const emailed = mail.attachments.find((attachment) => attachment.cid === 'after-image')!.content;
  const served = await page.request.get(`/api/renders/${refinedId}/result`);
  expect(served.status()).toBe(200);
  expect(Buffer.from(await served.body()).equals(emailed)).toBe(true);

  const [lead] = queryServerDatabase<{ render_id: string }>('select render_id from leads where email = ?', homeowner.email);
  expect(lead.render_id).toBe(refinedId);
  const [render] = queryServerDatabase<{ kind: string; refinement: string }>(
    'select kind, refinement from renders where id = ?',
    refinedId,
  );
  expect(render).toEqual({ kind: 'refinement', refinement: 'paint the walls sage green' });

  // My Designs keeps the design with every result to flip through; the emailed one is marked.
  await page.goto('/account#my-designs');
  const card = page.getByRole('article', { name: /Design: Contemporary Luxe/ });
  const kept = card.getByRole('radiogroup', { name: 'Results of this design' });
  await expect(kept.getByRole('radio')).toHaveCount(4);
  await expect(kept).toContainText('4 results · the one we email is 4');
  await kept.getByRole('radio', { name: 'Result 1' }).click();
  await expect(card.getByTestId('before-after-slider')).toBeVisible();
});
