// Puts the chosen hero design into the prerendered pages as they are sent: the hero's image URLs and its
// caption are written into the HTML, so the first paint shows the right room with no request after load
// (the client keeps what the server wrote: landing-hero.tsx suppresses the hydration warning there).
// The choice is read at most every HERO_CACHE_MS per instance, and at once on the instance that changed it.
import type { Db } from '#server/db/database';
import { HERO_DEFAULT, HERO_DEFAULT_DIR, heroCaption, OFFLINE_PREVIEW_CREDIT } from '#shared/hero';
import { chosenHero, type ChosenHero } from './hero.service';

const HERO_CACHE_MS = 30_000;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function createHeroPageRewriter(db: Db) {
  let cached: { hero: ChosenHero | null; at: number } | null = null;
  const defaultCaption = escapeHtml(heroCaption({ ...HERO_DEFAULT, madeBy: OFFLINE_PREVIEW_CREDIT }));

  async function current(): Promise<ChosenHero | null> {
    if (!cached || Date.now() - cached.at > HERO_CACHE_MS) cached = { hero: await chosenHero(db).catch(() => null), at: Date.now() };
    return cached.hero;
  }

  return {
    /** The page's HTML with the chosen design in the hero, or as it is when the default stands. */
    async rewrite(html: string): Promise<string> {
      if (!html.includes(HERO_DEFAULT_DIR)) return html;
      const hero = await current();
      if (!hero) return html;
      return html
        .replaceAll(HERO_DEFAULT_DIR, `/api/hero/${encodeURIComponent(hero.leadId)}/`)
        .replaceAll(defaultCaption, escapeHtml(heroCaption(hero)));
    },
    /** The admin changed the hero: read it again on the next page. */
    forget() {
      cached = null;
    },
  };
}
