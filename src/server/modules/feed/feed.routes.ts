// The community feed (seed 000 §2, §3, §8, §9) for signed-in people: pages of consenting designs,
// likes, comments, their images, the example designs while there are no real ones, and the admin's
// hide switch. Names, emails and phones never leave this module.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, roomTypeLabel } from '#shared/constants';
import {
  feedCommentResponseSchema,
  feedCommentSchema,
  feedCommentsResponseSchema,
  feedLikeResponseSchema,
  feedPageResponseSchema,
  feedQuerySchema,
  type FeedComment,
  type FeedItem,
  feedHiddenResponseSchema,
} from '#shared/feed.schema';
import type { Db } from '#server/db/database';
import { notFound } from '#server/http/errors';
import type { Storage } from '#server/infra/storage/storage';
import { requireRole, requireUser, signedIn, adminOnly } from '#server/modules/auth/guards';
import { sendJpeg } from '#server/http/send-image';
import { decodeCursor, encodeCursor } from '#server/db/keyset-cursor';
import { createExampleImages, EXAMPLE_DESIGNS, exampleCounts, SEED_EXAMPLE_COUNT } from './example-designs';
import {
  addLike,
  countLikes,
  feedImageKeys,
  findComments,
  findFeedPage,
  findLikedAmong,
  insertComment,
  removeComment,
  removeLike,
  type FeedFilter,
  type FeedRow,
} from './feed.repository';
import { findFeedLead, setHiddenFromFeed } from '#server/modules/leads/leads.repository';
import type { DomainEvents } from '#server/infra/domain-events';
import { okResponseSchema } from '#shared/back-office.schema';
import type { KeysetCursor } from '#server/db/keyset-cursor';
import { FeedFirstPages } from './feed-first-pages';

/** A page as every viewer sees it; which designs the viewer liked is laid over it (withLiked). */
type SharedPage = {
  items: FeedItem[];
  nextCursor: string | null;
  examples: boolean;
  /** The answer's JSON for a viewer who liked none of it, made once through the response schema. */
  jsonWhenNoneLiked?: string;
};

/** Each design under its true room type (an 'Other Interior Space' is not a backyard). */
const projectType = (roomType: string | null) => roomTypeLabel(roomType, 'Space');

function filterFor(chip: string, zips: string[]): FeedFilter {
  if (chip === 'all') return { zips };
  if (chip === 'kitchen') return { zips, roomTypes: ['kitchen'] };
  if (chip === 'backyard') return { zips, roomTypes: ['backyard'] };
  return { zips, style: chip };
}

/** A design as everyone sees it: whether the viewer liked it is laid over per viewer. */
function toItem(row: FeedRow): FeedItem {
  const style = row.style ?? 'Custom';
  return {
    id: row.id,
    beforeImage: `/api/feed/${row.id}/before`,
    afterImage: `/api/feed/${row.id}/after`,
    title: `${style} ${projectType(row.room_type)}`,
    tags: [projectType(row.room_type), style, ...(row.town ? [row.town] : [])],
    likes: Number(row.likes),
    comments: Number(row.comments),
    isLiked: false,
    projectType: projectType(row.room_type),
    zipCode: row.zip,
    createdAt: row.created_at,
    isExample: false,
    roomType: row.room_type,
    styleId: row.style_id,
  };
}

function exampleItems(filter: FeedFilter): FeedItem[] {
  // Unfiltered, the seed's six; a chip finds its examples among all of them.
  const pool = filter.roomTypes || filter.style ? EXAMPLE_DESIGNS : EXAMPLE_DESIGNS.slice(0, SEED_EXAMPLE_COUNT);
  return pool
    .filter((design) => !filter.zips.length || filter.zips.includes(design.zip))
    .filter((design) => !filter.roomTypes || filter.roomTypes.includes(design.roomType))
    .filter((design) => !filter.style || design.style.toLowerCase() === filter.style)
    .map((design, index) => ({
      id: design.id,
      beforeImage: `/api/feed/${design.id}/before`,
      afterImage: `/api/feed/${design.id}/after`,
      title: `${design.style} ${projectType(design.roomType)}`,
      tags: [projectType(design.roomType), design.style, design.town, 'Example'],
      ...exampleCounts(design.id),
      isLiked: false,
      projectType: projectType(design.roomType),
      zipCode: design.zip,
      createdAt: new Date(Date.UTC(2026, 9, 1 + index)).toISOString(),
      isExample: true,
      roomType: design.roomType,
      styleId: design.styleId,
    }));
}

/** "Maria Thompson" → "Maria T." */
function shortName(name: string): string {
  const [first = 'Homeowner', ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0].toUpperCase()}.` : first;
}

export async function feedRoutes(
  app: FastifyInstance,
  { db, storage, domainEvents }: { db: Db; storage: Storage; domainEvents: DomainEvents },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const examples = createExampleImages(storage);
  const idParams = z.object({ id: z.string().min(1).max(100) });

  // The first page is shared for a few seconds; anything that changes what it shows clears it.
  const firstPages = new FeedFirstPages<SharedPage>();
  domainEvents.on('feed.changed', () => firstPages.clear());

  async function loadPage(filter: FeedFilter, cursor: KeysetCursor | null): Promise<SharedPage> {
    const rows = await findFeedPage(db, filter, cursor, LIMITS.feedFetchCount + 1);
    const page = rows.slice(0, LIMITS.feedFetchCount);
    // No real designs at all yet: the seed's example designs stand in, marked as examples.
    if (!cursor && page.length === 0 && (await findFeedPage(db, { zips: [] }, null, 1)).length === 0) {
      return { items: exampleItems(filter), nextCursor: null, examples: true };
    }
    const last = page.at(-1);
    const nextCursor = rows.length > LIMITS.feedFetchCount && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null;
    return { items: page.map(toItem), nextCursor, examples: false };
  }

  /** Which of the page's designs the viewer liked (nobody likes an example). */
  const likedOn = (viewerId: string) => async (page: SharedPage) =>
    page.examples
      ? new Set<string>()
      : findLikedAmong(
          db,
          viewerId,
          page.items.map((item) => item.id),
        );
  const withLiked = (items: FeedItem[], liked: Set<string>) =>
    liked.size ? items.map((item) => (liked.has(item.id) ? { ...item, isLiked: true } : item)) : items;

  routes.get(
    '/api/feed',
    { schema: { querystring: feedQuerySchema, response: { 200: feedPageResponseSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const { filter: chip, zips, cursor } = request.query;
      const filter = filterFor(chip, zips);
      if (cursor) {
        const page = await loadPage(filter, decodeCursor(cursor));
        return { success: true as const, items: withLiked(page.items, await likedOn(user.id)(page)), nextCursor: page.nextCursor };
      }
      // One key per filter however its ZIPs are listed ("01760,01701" is "01701,01760").
      const filterKey = `${chip}|${[...new Set(zips)].sort().join(',')}`;
      const { page, liked } = await firstPages.read(filterKey, user.id, () => loadPage(filter, null), likedOn(user.id));
      if (liked.size === 0) {
        // Most viewers liked none of the first page: their answers are the same text, serialized once.
        page.jsonWhenNoneLiked ??= String(reply.serialize({ success: true, items: page.items, nextCursor: page.nextCursor }));
        // Already the schema's JSON: a JSON-typed string is sent as it is (the cast only quiets the route's typing).
        return reply.type('application/json; charset=utf-8').send(page.jsonWhenNoneLiked as never);
      }
      return { success: true as const, items: withLiked(page.items, liked), nextCursor: page.nextCursor };
    },
  );

  routes.get(
    '/api/feed/:id/:side',
    { schema: { params: idParams.extend({ side: z.enum(['before', 'after']) }) } },
    async (request, reply) => {
      const { id, side } = request.params;
      const example = EXAMPLE_DESIGNS.find((design) => design.id === id);
      // A homeowner's design is shown to signed-in people only. The examples are the product's own drawings, so
      // they need no session: an example a page asked for just before its viewer signed out still arrives.
      if (!example) await requireUser(request);
      const keys = example ? await examples.keysFor(example) : await feedImageKeys(db, id);
      const key = keys?.[side];
      if (!key) throw notFound();
      return sendJpeg(reply, await storage.get(key));
    },
  );

  async function requireFeedLead(id: string) {
    const lead = await findFeedLead(db, id);
    if (!lead) throw notFound();
    return lead;
  }

  // Likes: PUT likes, DELETE unlikes; both idempotent.
  routes.put('/api/feed/:id/like', { schema: { params: idParams, response: { 200: feedLikeResponseSchema } } }, async (request) => {
    const user = await requireUser(request);
    const lead = await requireFeedLead(request.params.id);
    await addLike(db, lead.id, user.id);
    await domainEvents.emit('feed.changed', {});
    // Likes and comments are the liker's engagement: their own leads are rescored.
    await domainEvents.emit('lead.engaged', { target: { userId: user.id } });
    return { success: true as const, isLiked: true, likes: await countLikes(db, lead.id) };
  });

  routes.delete('/api/feed/:id/like', { schema: { params: idParams, response: { 200: feedLikeResponseSchema } } }, async (request) => {
    const user = await requireUser(request);
    const lead = await requireFeedLead(request.params.id);
    await removeLike(db, lead.id, user.id);
    await domainEvents.emit('feed.changed', {});
    await domainEvents.emit('lead.engaged', { target: { userId: user.id } });
    return { success: true as const, isLiked: false, likes: await countLikes(db, lead.id) };
  });

  routes.get('/api/feed/:id/comments', { schema: { params: idParams, response: { 200: feedCommentsResponseSchema } } }, async (request) => {
    const user = await requireUser(request);
    const lead = await requireFeedLead(request.params.id);
    const rows = await findComments(db, lead.id);
    const comments: FeedComment[] = rows.map((row) => ({
      id: row.id,
      author: row.author_name,
      body: row.body,
      createdAt: row.created_at,
      canRemove: user.role === 'admin',
    }));
    return { success: true as const, comments };
  });

  routes.post(
    '/api/feed/:id/comments',
    { onRequest: signedIn, schema: { params: idParams, body: feedCommentSchema, response: { 200: feedCommentResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const lead = await requireFeedLead(request.params.id);
      const comment = {
        id: randomUUID(),
        lead_id: lead.id,
        user_id: user.id,
        author_name: shortName(user.name || 'Homeowner'),
        body: request.body.body,
        created_at: new Date().toISOString(),
      };
      await insertComment(db, comment);
      await domainEvents.emit('feed.changed', {});
      await domainEvents.emit('lead.engaged', { target: { userId: user.id } });
      return {
        success: true as const,
        comment: {
          id: comment.id,
          author: comment.author_name,
          body: comment.body,
          createdAt: comment.created_at,
          canRemove: user.role === 'admin',
        },
      };
    },
  );

  routes.delete('/api/feed/comments/:id', { schema: { params: idParams, response: { 200: okResponseSchema } } }, async (request) => {
    const admin = await requireRole(request, 'admin');
    if (!(await removeComment(db, request.params.id, admin.id, new Date().toISOString()))) throw notFound();
    await domainEvents.emit('feed.changed', {});
    return { success: true as const };
  });

  routes.put(
    '/api/admin/feed/:id/hidden',
    {
      onRequest: adminOnly,
      schema: { params: idParams, body: z.object({ hidden: z.boolean() }), response: { 200: feedHiddenResponseSchema } },
    },
    async (request) => {
      await requireRole(request, 'admin');
      if (!(await setHiddenFromFeed(db, request.params.id, request.body.hidden))) throw notFound();
      await domainEvents.emit('feed.changed', {});
      return { success: true as const, hidden: request.body.hidden };
    },
  );
}
