// Which before/after the home page hero shows: a community design an admin picked (only while it is still
// shared in the feed), else the shipped default. Its images in the hero's shapes, made once and kept.
import type { Db } from '#server/db/database';
import { feedImageKeys, visibleFeedLeads } from '#server/modules/feed/feed.repository';
import type { Storage } from '#server/infra/storage/storage';
import { roomTypeLabel } from '#shared/constants';
import { OFFLINE_PREVIEW_CREDIT } from '#shared/hero';
import { providerLabel } from '#shared/render-credit';
import { heroVariant, type HeroFormat, type HeroSide, type HeroWidth } from './hero-images';

export type ChosenHero = { leadId: string; styleName: string; roomLabel: string; madeBy: string };

/** What made a render's image, in the words the hero caption uses. */
function madeBy(provider: string | null): string {
  if (!provider || provider === 'offline-preview') return OFFLINE_PREVIEW_CREDIT;
  return `rendered by AI (${providerLabel(provider)}) from a homeowner's photo`;
}

export async function chosenHero(db: Db): Promise<ChosenHero | null> {
  const setting = await db.selectFrom('assignment_settings').select('hero_lead_id').where('id', '=', 1).executeTakeFirst();
  if (!setting?.hero_lead_id) return null;
  const row = await visibleFeedLeads(db)
    .innerJoin('renders', 'renders.id', 'leads.render_id')
    .select(['leads.id', 'leads.style', 'leads.room_type', 'renders.provider', 'renders.style_name'])
    .where('leads.id', '=', setting.hero_lead_id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    leadId: row.id,
    styleName: row.style ?? row.style_name ?? 'Custom',
    roomLabel: roomTypeLabel(row.room_type, 'Room'),
    madeBy: madeBy(row.provider),
  };
}

export async function chooseHero(db: Db, leadId: string | null): Promise<void> {
  await db.updateTable('assignment_settings').set({ hero_lead_id: leadId }).where('id', '=', 1).execute();
}

/** Whether a design may be the hero: its homeowner shared it in the feed and it is still visible there. */
export async function isHeroCandidate(db: Db, leadId: string): Promise<boolean> {
  const row = await visibleFeedLeads(db).select('leads.id').where('leads.id', '=', leadId).executeTakeFirst();
  return Boolean(row);
}

/** The designs an admin may pick: shared in the feed and still visible, newest first. */
export async function heroCandidates(db: Db, limit = 24) {
  const rows = await visibleFeedLeads(db)
    .innerJoin('renders', 'renders.id', 'leads.render_id')
    .select(['leads.id', 'leads.style', 'leads.room_type', 'leads.zip', 'leads.created_at', 'renders.provider'])
    .orderBy('leads.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    leadId: row.id,
    title: `${row.style ?? 'Custom'} ${roomTypeLabel(row.room_type, 'Room')}`,
    zip: row.zip,
    createdAt: row.created_at,
    madeBy: madeBy(row.provider),
    afterUrl: `/api/feed/${row.id}/after`,
  }));
}

/** One of the chosen design's hero images, made from its stored photos on first use and kept in memory. */
export function createHeroImages(db: Db, storage: Storage) {
  const made = new Map<string, Promise<Buffer>>();
  return async (leadId: string, side: HeroSide, width: HeroWidth, format: HeroFormat): Promise<Buffer | null> => {
    const key = `${leadId}/${side}-${width}.${format}`;
    let image = made.get(key);
    if (!image) {
      const keys = await feedImageKeys(db, leadId);
      if (!keys?.after) return null;
      image = storage.get(side === 'before' ? keys.before : keys.after).then((source) => heroVariant(source, width, format));
      image.catch(() => made.delete(key));
      // A few designs at most are ever the hero; twelve variants each.
      if (made.size > 240) made.clear();
      made.set(key, image);
    }
    return image;
  };
}
