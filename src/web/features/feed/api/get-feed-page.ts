// GET /api/feed: one page of the community feed for a filter chip and the visitor's ZIP codes.
import type { z } from 'zod';
import type { feedPageResponseSchema } from '#shared/feed.schema';
import { apiRequest } from '#web/lib/api-client';

export function fetchFeedPage(filter: string, zips: string[], cursor: string | null) {
  const query = new URLSearchParams({ filter });
  if (zips.length) query.set('zips', zips.join(','));
  if (cursor) query.set('cursor', cursor);
  return apiRequest<z.infer<typeof feedPageResponseSchema>>('GET', `/api/feed?${query}`);
}
