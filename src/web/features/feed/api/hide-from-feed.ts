// PUT /api/admin/feed/:id/hidden: an admin takes a design off the feed.
import type { z } from 'zod';
import type { feedHiddenResponseSchema } from '#shared/feed.schema';
import { apiRequest } from '#web/lib/api-client';

export const hideFromFeed = (id: string) =>
  apiRequest<z.infer<typeof feedHiddenResponseSchema>>('PUT', `/api/admin/feed/${id}/hidden`, { hidden: true });
