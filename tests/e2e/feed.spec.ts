// The community feed in a browser: filter, layout, load more, like, comment; visitors get the prompt.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './test';
import { signUpNewHomeowner } from './helpers';
import { writeServerDatabase } from './mail-box';

test('a visitor sees the sign-in prompt and no feed request is made', async ({ page }) => {
  const feedRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/feed')) feedRequests.push(request.url());
  });
  await page.goto('/#inspiration-feed');
  await expect(page.getByRole('button', { name: 'Sign In to View Community Designs' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(feedRequests).toEqual([]);
});

test('a signed-in homeowner filters, switches layout, loads more, likes and comments', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await signUpNewHomeowner(page, 'Fran Feed');

  // One real shared design, made through the API as the browser would, then copied to fill pages.
  const photo = await readFile(path.resolve('../shared/fixtures/rooms/kitchen_1.jpg'));
  expect((await (await page.request.post('/api/zip/check', { data: { zip: '01701' } })).json()).approved).toBe(true);
  const upload = (await (await page.request.post('/api/uploads', { data: photo, headers: { 'content-type': 'image/jpeg' } })).json())
    .upload;
  let render = (
    await (
      await page.request.post('/api/renders', {
        data: { uploadId: upload.id, roomType: 'kitchen', engine: 'structural-design-ai', styleId: 'farmhouse-chic' },
      })
    ).json()
  ).render;
  while (render.status !== 'succeeded') {
    await page.waitForTimeout(100);
    render = (await (await page.request.get(`/api/renders/${render.id}`)).json()).render;
  }
  const profile = await (await page.request.get('/api/auth/get-session')).json();
  const sent = await page.request.post('/api/send-email', {
    data: {
      email: profile.user.email,
      zipCode: '01701',
      designRequestId: render.id,
      roomType: 'kitchen',
      subscribe: false,
      shareInFeed: true,
    },
  });
  expect((await sent.json()).success).toBe(true);
  for (let index = 0; index < 11; index += 1) {
    writeServerDatabase(
      `insert into leads (id, render_id, email, zip, room_type, style, share_in_feed, image_url, ai_url, created_at, updated_at)
       values (?, ?, 'copy@example.com', '01760', ?, ?, 1, '/x', '/y', ?, ?)`,
      randomUUID(),
      render.id,
      index < 9 ? 'kitchen' : 'backyard',
      index < 9 ? 'Farmhouse Chic' : 'Modern Zen',
      new Date(Date.now() - (index + 1) * 60_000).toISOString(),
      new Date().toISOString(),
    );
  }

  // The rows went straight into the database, past the server's 'feed.changed' event, so a first page another test's
  // viewer loaded meanwhile may be kept for a few seconds (feed-first-pages.ts): wait until the feed shows the copies.
  await expect.poll(async () => (await (await page.request.get('/api/feed?filter=all')).json()).items.length, { timeout: 15_000 }).toBe(12);
  await page.reload();
  const feed = page.locator('#inspiration-feed');
  await feed.scrollIntoViewIfNeeded();
  const items = feed.getByTestId('feed-item');
  await expect(items).toHaveCount(8);
  await expect(items.first()).toContainText('Farmhouse Chic Kitchen');

  await feed.getByRole('button', { name: 'Load More' }).click();
  await expect(items).toHaveCount(12);

  await feed.getByRole('button', { name: 'Kitchen', exact: true }).click();
  await expect(items).toHaveCount(8);
  await feed.getByRole('button', { name: 'Load More' }).click();
  await expect(items).toHaveCount(10);
  await feed.getByRole('button', { name: 'Backyard' }).click();
  await expect(items).toHaveCount(2);
  await feed.getByRole('button', { name: 'Kitchen', exact: true }).click();
  await expect(items).toHaveCount(8);

  await feed.getByRole('button', { name: 'List', exact: true }).click();
  await expect(feed.getByTestId('feed-list')).toHaveAttribute('data-layout', 'list');

  const first = items.first();
  const like = first.getByRole('button', { name: /likes/ });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(first.getByTestId('like-count')).toHaveText('1');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(first.getByTestId('like-count')).toHaveText('0');

  await first.getByRole('button', { name: /0 comments/ }).click();
  await first.getByLabel('Add a comment').fill('That island is perfect');
  await first.getByRole('button', { name: 'Post' }).click();
  await expect(first.getByText('That island is perfect')).toBeVisible();
  await expect(first.getByText('Fran F.')).toBeVisible();
  await expect(first.getByRole('button', { name: /1 comment$/ })).toBeVisible();
});
