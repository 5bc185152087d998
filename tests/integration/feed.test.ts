// The community feed through the API: only consenting, visible designs; pages, filters, likes,
// comments, admin moderation, the example designs, and no personal details.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FEED_FIRST_PAGE_SECONDS } from '#server/modules/feed/feed-first-pages';
import type { FeedItem } from '#shared/feed.schema';
import type { RenderState } from '#shared/render.schema';
import { bearer, signIn, signUp } from '../helpers/auth';
import { finishedRender } from '../helpers/designs';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';

let harness: TestApp;
let token: string | undefined;
let viewerToken: string | undefined;
let render: RenderState;

beforeAll(async () => {
  harness = await createTestApp();
  ({ token } = await signUp(harness.app, { name: 'Maria Thompson', email: 'maria@example.com', password: 'secret1' }));
  ({ token: viewerToken } = await signUp(harness.app, { name: 'Vic Viewer', email: 'vic@example.com', password: 'secret1' }));
  render = await finishedRender(harness.app, bearer(token), { photo: 'kitchen_1.jpg' });
});
afterAll(() => harness.close());

/**
 * Rows written straight to the database, as another instance would: this process's shared first pages
 * (feed-first-pages.ts) are told, as the services tell them after their own writes.
 */
const changedElsewhere = () => harness.app.domainEvents.emit('feed.changed', {});

const feed = (query = '', auth = viewerToken) => harness.app.inject({ method: 'GET', url: `/api/feed${query}`, headers: bearer(auth) });

/** A shared design on the one real render (so its images resolve), written straight to the database. */
async function insertSharedLead(fields: Record<string, unknown> = {}) {
  await harness.app.database.db
    .insertInto('leads')
    .values({
      id: randomUUID(),
      user_id: null,
      render_id: render.id,
      name: 'Secret Name',
      email: 'secret@example.com',
      phone: '508-555-0000',
      zip: '01701',
      room_type: 'kitchen',
      style: 'Farmhouse Chic',
      share_in_feed: true,
      image_url: '/x',
      ai_url: '/y',
      ...fields,
    })
    .execute();
}

/** Shared designs a minute apart, announced to the feed as the services do. */
async function addLeads(count: number, fields: Record<string, unknown> = {}) {
  const base = Date.parse('2026-11-01T00:00:00.000Z');
  for (let index = 0; index < count; index += 1) {
    await insertSharedLead({ created_at: new Date(base + index * 60_000).toISOString(), ...fields });
  }
  await changedElsewhere();
}

describe('GET /api/feed', () => {
  it('shows the six example designs, marked, while there are no real ones, filtered by ZIP', async () => {
    const all = (await feed()).json().items as FeedItem[];
    expect(all).toHaveLength(6);
    expect(all.every((item) => item.isExample)).toBe(true);
    const framingham = (await feed('?zips=01701,01702')).json().items as FeedItem[];
    expect(framingham.map((item) => item.zipCode).sort()).toEqual(['01701', '01702']);
    for (const item of framingham) {
      expect(item.likes).toBeGreaterThanOrEqual(10);
      expect(item.likes).toBeLessThanOrEqual(59);
      expect(item.comments).toBeGreaterThanOrEqual(2);
      expect(item.comments).toBeLessThanOrEqual(16);
    }
    const image = await harness.app.inject({ method: 'GET', url: all[0].afterImage, headers: bearer(viewerToken) });
    expect(image.headers['content-type']).toBe('image/jpeg');
    // The two styles only custom text can ask for have examples of their own, found by their chips.
    for (const chip of ['coastal new england', 'eclectic bohemian']) {
      const found = (await feed(`?filter=${encodeURIComponent(chip)}`)).json().items as FeedItem[];
      expect(found.map((item) => item.title.toLowerCase())[0]).toContain(chip);
    }
    const backyards = (await feed('?filter=backyard')).json().items as FeedItem[];
    expect(backyards.length).toBeGreaterThan(0);
    expect(backyards.every((item) => item.roomType === 'backyard' && item.projectType === 'Backyard')).toBe(true);
  });

  it("needs sign-in, for everything but the examples' own drawings", async () => {
    expect((await harness.app.inject({ method: 'GET', url: '/api/feed' })).statusCode).toBe(401);
    const design = randomUUID();
    await insertSharedLead({ id: design });
    for (const side of ['before', 'after']) {
      const url = `/api/feed/${design}/${side}`;
      expect((await harness.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await harness.app.inject({ method: 'GET', url, headers: bearer(viewerToken) })).statusCode).toBe(200);
    }
    await harness.app.database.db.deleteFrom('leads').where('id', '=', design).execute();
    const example = await harness.app.inject({ method: 'GET', url: '/api/feed/example-1/before' });
    expect(example.statusCode).toBe(200);
    expect(example.headers['content-type']).toBe('image/jpeg');
  });

  it('pages consenting designs newest first, 20 at a time, without personal details', async () => {
    await addLeads(25);
    await addLeads(3, { share_in_feed: false });
    await addLeads(2, { hidden_from_feed: true });
    const first = (await feed()).json();
    expect(first.items).toHaveLength(20);
    expect(first.items.every((item: FeedItem) => !item.isExample)).toBe(true);
    const dates = first.items.map((item: FeedItem) => item.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(JSON.stringify(first)).not.toMatch(/Secret Name|secret@example.com|508-555-0000|maria/i);
    expect(first.items[0]).toMatchObject({
      title: 'Farmhouse Chic Kitchen',
      projectType: 'Kitchen',
      zipCode: '01701',
      tags: ['Kitchen', 'Farmhouse Chic', 'Framingham'],
    });

    const second = (await feed(`?cursor=${first.nextCursor}`)).json();
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const ids = new Set([...first.items, ...second.items].map((item: FeedItem) => item.id));
    expect(ids.size).toBe(25);
  });

  it('filters by the seed chips and by ZIP, each design under its true room type', async () => {
    await addLeads(2, { room_type: 'backyard', style: 'Modern Zen', zip: '02481' });
    // A children's room in an outdoor preset is an interior space, not a backyard.
    await addLeads(1, { room_type: 'other', style: 'Tropical Paradise', zip: '02481' });
    expect((await feed('?filter=backyard')).json().items).toHaveLength(2);
    expect((await feed('?filter=modern%20zen')).json().items).toHaveLength(2);
    expect((await feed('?filter=kitchen&zips=02481')).json().items).toHaveLength(0);
    const interior = ((await feed('?zips=02481')).json().items as FeedItem[]).find((item) => item.roomType === 'other')!;
    expect(interior).toMatchObject({ title: 'Tropical Paradise Other Interior Space', projectType: 'Other Interior Space' });
    expect((await feed('?filter=coastal%20new%20england')).json().items).toHaveLength(0);
    // Custom text that names a style is found by that style's chip.
    await harness.app.database.db
      .updateTable('renders')
      .set({ custom_prompt: 'A Coastal New England kitchen with a navy island' })
      .where('id', '=', render.id)
      .execute();
    await changedElsewhere();
    const coastal = (await feed('?filter=coastal%20new%20england')).json().items as FeedItem[];
    expect(coastal.length).toBeGreaterThan(0);
    await harness.app.database.db.updateTable('renders').set({ custom_prompt: null }).where('id', '=', render.id).execute();
    await changedElsewhere();
    expect((await feed('?filter=bogus')).statusCode).toBe(400);
  });
});

describe('the public share page', () => {
  it('shows a consenting design with Open Graph tags, and nothing for others', async () => {
    const [item] = (await feed()).json().items as FeedItem[];
    const page = await harness.app.inject({ method: 'GET', url: `/designs/${item.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta property="og:image" content="http://localhost:3000/api/public/designs/');
    expect(page.body).toContain('Farmhouse Chic Kitchen in Framingham, MA');
    expect(page.body).not.toMatch(/Secret Name|secret@example.com/);
    const image = await harness.app.inject({ method: 'GET', url: `/api/public/designs/${item.id}/after.jpg` });
    expect(image.headers['content-type']).toBe('image/jpeg');

    const privateLead = randomUUID();
    await harness.app.database.db
      .insertInto('leads')
      .values({ id: privateLead, render_id: render.id, email: 'p@example.com', zip: '01701', image_url: '/x', ai_url: '/y' })
      .execute();
    expect((await harness.app.inject({ method: 'GET', url: `/designs/${privateLead}` })).statusCode).toBe(404);
    expect((await harness.app.inject({ method: 'GET', url: `/api/public/designs/${privateLead}/after.jpg` })).statusCode).toBe(404);
  });
});

describe('likes, comments and moderation', () => {
  it('likes and unlikes idempotently, per user', async () => {
    const [item] = (await feed()).json().items as FeedItem[];
    const like = () => harness.app.inject({ method: 'PUT', url: `/api/feed/${item.id}/like`, headers: bearer(viewerToken) });
    expect((await like()).json()).toEqual({ success: true, isLiked: true, likes: 1 });
    expect((await like()).json()).toEqual({ success: true, isLiked: true, likes: 1 });
    expect((await harness.app.inject({ method: 'PUT', url: `/api/feed/${item.id}/like`, headers: bearer(token) })).json().likes).toBe(2);
    expect(((await feed()).json().items as FeedItem[]).find((entry) => entry.id === item.id)).toMatchObject({ likes: 2, isLiked: true });
    expect((await harness.app.inject({ method: 'DELETE', url: `/api/feed/${item.id}/like`, headers: bearer(viewerToken) })).json()).toEqual(
      { success: true, isLiked: false, likes: 1 },
    );
  });

  it('takes comments with a short author name, and lets only admins remove them', async () => {
    const [item] = (await feed()).json().items as FeedItem[];
    const posted = await harness.app.inject({
      method: 'POST',
      url: `/api/feed/${item.id}/comments`,
      headers: bearer(token),
      payload: { body: '  Love the island!  ' },
    });
    expect(posted.json().comment).toMatchObject({ author: 'Maria T.', body: 'Love the island!' });
    expect(
      (await harness.app.inject({ method: 'POST', url: `/api/feed/${item.id}/comments`, headers: bearer(token), payload: { body: '   ' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await harness.app.inject({
          method: 'POST',
          url: `/api/feed/${item.id}/comments`,
          headers: bearer(token),
          payload: { body: 'x'.repeat(501) },
        })
      ).statusCode,
    ).toBe(400);
    expect(((await feed()).json().items as FeedItem[]).find((entry) => entry.id === item.id)?.comments).toBe(1);

    const commentId = posted.json().comment.id;
    expect(
      (await harness.app.inject({ method: 'DELETE', url: `/api/feed/comments/${commentId}`, headers: bearer(token) })).statusCode,
    ).toBe(403);
    const admin = await signIn(harness.app, TEST_ADMIN);
    expect(
      (await harness.app.inject({ method: 'DELETE', url: `/api/feed/comments/${commentId}`, headers: bearer(admin.token) })).statusCode,
    ).toBe(200);
    expect(
      (await harness.app.inject({ method: 'GET', url: `/api/feed/${item.id}/comments`, headers: bearer(token) })).json().comments,
    ).toEqual([]);
  });

  it('lets admins hide a design from the feed', async () => {
    const [item] = (await feed()).json().items as FeedItem[];
    expect(
      (
        await harness.app.inject({
          method: 'PUT',
          url: `/api/admin/feed/${item.id}/hidden`,
          headers: bearer(token),
          payload: { hidden: true },
        })
      ).statusCode,
    ).toBe(403);
    const admin = await signIn(harness.app, TEST_ADMIN);
    await harness.app.inject({
      method: 'PUT',
      url: `/api/admin/feed/${item.id}/hidden`,
      headers: bearer(admin.token),
      payload: { hidden: true },
    });
    expect(((await feed()).json().items as FeedItem[]).some((entry) => entry.id === item.id)).toBe(false);
    expect((await harness.app.inject({ method: 'GET', url: item.afterImage, headers: bearer(viewerToken) })).statusCode).toBe(404);
    expect((await harness.app.inject({ method: 'PUT', url: `/api/feed/${item.id}/like`, headers: bearer(viewerToken) })).statusCode).toBe(
      404,
    );
  });
});

// The first page per filter is shared by every viewer for a few seconds (feed-first-pages.ts): each
// viewer's likes are still their own, a change through this server shows at once, and a change made
// elsewhere (another instance, here a row written straight to the database) within FEED_FIRST_PAGE_SECONDS.
describe('the shared first page', () => {
  afterEach(() => vi.useRealTimers());

  it('carries each viewer’s own likes and the count as it is now', async () => {
    const [item] = (await feed()).json().items as FeedItem[];
    await harness.app.inject({ method: 'PUT', url: `/api/feed/${item.id}/like`, headers: bearer(token) });
    const mine = ((await feed('', token)).json().items as FeedItem[]).find((entry) => entry.id === item.id)!;
    const theirs = ((await feed('', viewerToken)).json().items as FeedItem[]).find((entry) => entry.id === item.id)!;
    expect(mine.isLiked).toBe(true);
    expect(theirs.isLiked).toBe(false);
    expect(theirs.likes).toBe(mine.likes);
    await harness.app.inject({ method: 'DELETE', url: `/api/feed/${item.id}/like`, headers: bearer(token) });
    const after = ((await feed('', token)).json().items as FeedItem[]).find((entry) => entry.id === item.id)!;
    expect(after).toMatchObject({ isLiked: false, likes: mine.likes - 1 });
  });

  it('shows a design shared through another instance within the page’s lifetime', async () => {
    await feed();
    const id = randomUUID();
    await insertSharedLead({ id, email: 'elsewhere@example.com', created_at: new Date().toISOString() });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (FEED_FIRST_PAGE_SECONDS + 1) * 1000);
    expect(((await feed()).json().items as FeedItem[])[0].id).toBe(id);
  });

  it('drops a design its owner deleted at once', async () => {
    const before = (await feed()).json().items as FeedItem[];
    expect(before.some((item) => !item.isExample)).toBe(true);
    const deleted = await harness.app.inject({ method: 'DELETE', url: `/api/my-designs/${render.id}`, headers: bearer(token) });
    expect(deleted.statusCode).toBe(200);
    // Every real design here was made from that one render: the examples stand in again.
    expect(((await feed()).json().items as FeedItem[]).every((item) => item.isExample)).toBe(true);
  });
});
