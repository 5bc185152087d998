// The home page hero's real before/after: the shipped example until an admin picks a design its homeowner
// shared in the feed; the page is written with that design's images and an honest caption; its images are
// served in the hero's shapes, and only for the design that is the hero now.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HERO_DEFAULT, HERO_DEFAULT_DIR, heroCaption, OFFLINE_PREVIEW_CREDIT } from '#shared/hero';
import { createHeroPageRewriter } from '#server/modules/site-hero/hero-page';
import { bearer, signUp } from '../helpers/auth';
import { finishedRender } from '../helpers/designs';
import { createBackOfficeApp, insertLead, type BackOfficeHarness } from './admin-harness';

let harness: BackOfficeHarness;
const PAGE = `<main><img src="${HERO_DEFAULT_DIR}after-480.jpg"><figcaption>${heroCaption({ ...HERO_DEFAULT, madeBy: OFFLINE_PREVIEW_CREDIT })}</figcaption></main>`;

beforeAll(async () => {
  harness = await createBackOfficeApp();
});
afterAll(() => harness.close());

const pick = (leadId: string | null) =>
  harness.app.inject({ method: 'PUT', url: '/api/admin/hero', headers: harness.admin.headers, payload: { leadId } });

describe('the home page hero', () => {
  it('shows the shipped example until an admin picks a shared community design', async () => {
    const rewriter = createHeroPageRewriter(harness.db);
    expect(await rewriter.rewrite(PAGE)).toBe(PAGE);

    const { token } = await signUp(harness.app, { email: `hero-${randomUUID().slice(0, 6)}@example.com`, password: 'secret123' });
    const render = await finishedRender(harness.app, bearer(token), { styleId: 'industrial-loft' });
    const shared = await insertLead(harness.db, {
      render_id: render.id,
      share_in_feed: true,
      style: 'Industrial Loft',
      room_type: 'kitchen',
      image_url: render.originalUrl,
      ai_url: `/api/renders/${render.id}/result`,
    });
    const unshared = await insertLead(harness.db, { render_id: render.id, share_in_feed: false, image_url: '/x', ai_url: '/y' });

    const candidates = (await harness.app.inject({ method: 'GET', url: '/api/admin/hero', headers: harness.admin.headers })).json();
    expect(candidates.heroLeadId).toBeNull();
    expect(candidates.candidates.map((candidate: { leadId: string }) => candidate.leadId)).toContain(shared);
    expect(candidates.candidates.map((candidate: { leadId: string }) => candidate.leadId)).not.toContain(unshared);

    const refused = await pick(unshared);
    expect(refused.statusCode).toBe(400);
    expect((await pick(shared)).json().heroLeadId).toBe(shared);
    rewriter.forget();
    const page = await rewriter.rewrite(PAGE);
    expect(page).toContain(`/api/hero/${shared}/after-480.jpg`);
    expect(page).not.toContain(HERO_DEFAULT_DIR);
    // Honest: this design was made by the offline preview, and the caption says so.
    expect(page).toContain(`Industrial Loft kitchen: ${OFFLINE_PREVIEW_CREDIT}`);

    for (const [file, type] of [
      ['after-800.avif', 'image/avif'],
      ['before-480.webp', 'image/webp'],
      ['after-480.jpg', 'image/jpeg'],
    ]) {
      const image = await harness.app.inject({ method: 'GET', url: `/api/hero/${shared}/${file}` });
      expect([file, image.statusCode, image.headers['content-type']]).toEqual([file, 200, type]);
    }
    expect((await harness.app.inject({ method: 'GET', url: `/api/hero/${unshared}/after-480.jpg` })).statusCode).toBe(404);
    expect((await harness.app.inject({ method: 'GET', url: `/api/hero/${shared}/after-999.jpg` })).statusCode).toBe(404);

    // The homeowner takes it out of the feed (or an admin hides it): the example is back.
    await harness.db.updateTable('leads').set({ hidden_from_feed: true }).where('id', '=', shared).execute();
    rewriter.forget();
    expect(await rewriter.rewrite(PAGE)).toBe(PAGE);
    expect((await harness.app.inject({ method: 'GET', url: `/api/hero/${shared}/after-480.jpg` })).statusCode).toBe(404);
    await pick(null);
  });
});
