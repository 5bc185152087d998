// GET /api/my-designs: the signed-in homeowner's designs, newest first, a page at a time.
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { MyDesignsPage } from '#shared/my-designs.schema';
import { apiRequest } from '#web/lib/api-client';

/** Per person, so someone else signing in on the same tab never sees the last one's designs. */
export const myDesignsQuery = (userId: string | undefined) =>
  infiniteQueryOptions({
    queryKey: ['my-designs', userId],
    enabled: Boolean(userId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest<MyDesignsPage>('GET', `/api/my-designs${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    getNextPageParam: (page) => page.nextCursor,
  });
