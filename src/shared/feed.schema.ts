// The community feed's shapes (seed 000 §3 'Renovation feed item') and request rules.
import { z } from 'zod';
import { FEED_FILTERS } from './constants';

export type FeedItem = {
  id: string;
  beforeImage: string;
  afterImage: string;
  title: string;
  tags: string[];
  likes: number;
  comments: number;
  isLiked: boolean;
  projectType: string;
  zipCode: string;
  createdAt: string;
  /** Demo items stand in while the feed has no real designs; they are marked as examples. */
  isExample: boolean;
  roomType: string | null;
  styleId: string | null;
};

export type FeedPage = { items: FeedItem[]; nextCursor: string | null };

export type FeedComment = { id: string; author: string; body: string; createdAt: string; canRemove: boolean };

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
