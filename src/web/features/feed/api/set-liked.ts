// PUT or DELETE /api/feed/:id/like: likes or unlikes a design; the answer has the new count.
import type { z } from 'zod';
import type { feedLikeResponseSchema } from '#shared/feed.schema';
import { apiRequest } from '#web/lib/api-client';

export const setLiked = (id: string, liked: boolean) =>
  apiRequest<z.infer<typeof feedLikeResponseSchema>>(liked ? 'PUT' : 'DELETE', `/api/feed/${id}/like`);
