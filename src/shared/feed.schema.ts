// The community feed's shapes (seed 000 §3 'Renovation feed item') and request rules.
import { z } from 'zod';
import { FEED_FILTERS } from './constants';

/** One design in the feed (seed 000 §3 'Renovation feed item'). */
export const feedItemSchema = z.object({
  id: z.string(),
  beforeImage: z.string(),
  afterImage: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  likes: z.number(),
  comments: z.number(),
  isLiked: z.boolean(),
  projectType: z.string(),
  zipCode: z.string(),
  createdAt: z.string(),
  /** Demo items stand in while the feed has no real designs; they are marked as examples. */
  isExample: z.boolean(),
  roomType: z.string().nullable(),
  styleId: z.string().nullable(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

/** GET /api/feed: a page of designs and the cursor of the next one. */
export const feedPageResponseSchema = z.object({
  success: z.literal(true),
  items: z.array(feedItemSchema),
  nextCursor: z.string().nullable(),
});
export type FeedPage = Omit<z.infer<typeof feedPageResponseSchema>, 'success'>;

export const feedCommentItemSchema = z.object({
  id: z.string(),
  author: z.string(),
  body: z.string(),
  createdAt: z.string(),
  canRemove: z.boolean(),
});
export type FeedComment = z.infer<typeof feedCommentItemSchema>;

/** PUT and DELETE /api/feed/:id/like */
export const feedLikeResponseSchema = z.object({ success: z.literal(true), isLiked: z.boolean(), likes: z.number() });
/** GET /api/feed/:id/comments */
export const feedCommentsResponseSchema = z.object({ success: z.literal(true), comments: z.array(feedCommentItemSchema) });
/** POST /api/feed/:id/comments */
export const feedCommentResponseSchema = z.object({ success: z.literal(true), comment: feedCommentItemSchema });

export const feedQuerySchema = z.object({
  filter: z.enum(FEED_FILTERS).default('all'),
  /** Comma-separated ZIP codes. */
  zips: z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((zip) => zip.trim())
            .filter((zip) => /^\d{5}$/.test(zip))
        : [],
    ),
  cursor: z.string().max(200).optional(),
});

export const FEED_COMMENT_MAX_LENGTH = 500;
export const feedCommentSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Please write a comment')
    .max(FEED_COMMENT_MAX_LENGTH, `Comments are at most ${FEED_COMMENT_MAX_LENGTH} characters`),
});
export const feedHiddenResponseSchema = z.object({ success: z.literal(true), hidden: z.boolean() });
