// The feed's queries: consenting, visible designs newest first with their like and comment counts,
// by keyset pages. Nothing here reads a homeowner's name, email or phone.
import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database';
import type { FeedCommentsTable } from '#server/db/schema';
import type { KeysetCursor as FeedCursor } from '#server/db/keyset-cursor';

export type FeedFilter = { roomTypes?: string[]; style?: string; zips: string[] };
export type FeedRow = {
  id: string;
  room_type: string | null;
  style: string | null;
  zip: string;
  created_at: string;
  town: string | null;
  likes: number;
  comments: number;
  project_type: string | null;
  style_id: string | null;
};

/** A feed lead: consented, not hidden, with both images. */
export function visibleFeedLeads(db: Db) {
  return db
    .selectFrom('leads')
    .where('leads.share_in_feed', '=', true)
    .where('leads.hidden_from_feed', '=', false)
    .where('leads.image_url', 'is not', null)
    .where('leads.ai_url', 'is not', null)
    .where('leads.render_id', 'is not', null);
}

/**
 * A page of the feed as everyone sees it: which designs the viewer liked comes from findLikedAmong, so one
 * page can serve every viewer (feed-first-pages.ts).
 */
export async function findFeedPage(db: Db, filter: FeedFilter, cursor: FeedCursor | null, limit: number): Promise<FeedRow[]> {
  return (
    visibleFeedLeads(db)
      .leftJoin('service_area_zips', 'service_area_zips.zip', 'leads.zip')
      .leftJoin('renders', 'renders.id', 'leads.render_id')
      .select((eb) => [
        'leads.id',
        'leads.room_type',
        'leads.style',
        'leads.zip',
        'leads.created_at',
        'leads.project_type',
        'renders.style_id',
        'service_area_zips.town',
        eb.selectFrom('feed_likes').select(eb.fn.countAll<number>().as('n')).whereRef('feed_likes.lead_id', '=', 'leads.id').as('likes'),
        eb
          .selectFrom('feed_comments')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('feed_comments.lead_id', '=', 'leads.id')
          .where('feed_comments.removed_at', 'is', null)
          .as('comments'),
      ])
      .$if(filter.zips.length > 0, (qb) => qb.where('leads.zip', 'in', filter.zips))
      .$if(Boolean(filter.roomTypes?.length), (qb) => qb.where('leads.room_type', 'in', filter.roomTypes!))
      // A style chip matches the preset, or custom text that names the style ("coastal new england kitchen").
      .$if(Boolean(filter.style), (qb) =>
        qb.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['leads.style']), '=', filter.style!),
            eb(eb.fn('lower', ['renders.custom_prompt']), 'like', `%${filter.style!}%`),
          ]),
        ),
      )
      .$if(cursor !== null, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('leads.created_at', '<', cursor!.createdAt),
            eb.and([eb('leads.created_at', '=', cursor!.createdAt), eb('leads.id', '<', cursor!.id)]),
          ]),
        ),
      )
      .orderBy('leads.created_at', 'desc')
      .orderBy('leads.id', 'desc')
      .limit(limit)
      .execute() as Promise<FeedRow[]>
  );
}

export async function feedImageKeys(db: Db, leadId: string) {
  return visibleFeedLeads(db)
    .innerJoin('renders', 'renders.id', 'leads.render_id')
    .innerJoin('uploads', 'uploads.id', 'renders.upload_id')
    .select(['uploads.storage_key as before', 'renders.result_key as after'])
    .where('leads.id', '=', leadId)
    .executeTakeFirst();
}

/** Which of these designs the viewer has liked. */
export async function findLikedAmong(db: Db, viewerId: string, leadIds: string[]): Promise<Set<string>> {
  if (leadIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('feed_likes')
    .select('lead_id')
    .where('user_id', '=', viewerId)
    .where('lead_id', 'in', leadIds)
    .execute();
  return new Set(rows.map((row) => row.lead_id));
}

export async function countLikes(db: Db, leadId: string): Promise<number> {
  const row = await db
    .selectFrom('feed_likes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('lead_id', '=', leadId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Likes a design; liking twice is one like. */
export async function addLike(db: Db, leadId: string, userId: string): Promise<void> {
  await db
    .insertInto('feed_likes')
    .values({ lead_id: leadId, user_id: userId })
    .onConflict((conflict) => conflict.columns(['lead_id', 'user_id']).doNothing())
    .execute();
}

export async function removeLike(db: Db, leadId: string, userId: string): Promise<void> {
  await db.deleteFrom('feed_likes').where('lead_id', '=', leadId).where('user_id', '=', userId).execute();
}

/** A design's comments that an admin has not removed, oldest first (at most 200). */
export async function findComments(db: Db, leadId: string) {
  return db
    .selectFrom('feed_comments')
    .select(['id', 'author_name', 'body', 'created_at'])
    .where('lead_id', '=', leadId)
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(200)
    .execute();
}

export async function insertComment(db: Db, comment: Insertable<FeedCommentsTable>): Promise<void> {
  await db.insertInto('feed_comments').values(comment).execute();
}

/** An admin removes a comment (kept, marked); false when there is no such comment left to remove. */
export async function removeComment(db: Db, id: string, adminId: string, at: string): Promise<boolean> {
  const removed = await db
    .updateTable('feed_comments')
    .set({ removed_at: at, removed_by_user_id: adminId })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(removed.numUpdatedRows) > 0;
}
