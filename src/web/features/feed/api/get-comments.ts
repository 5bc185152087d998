// GET /api/feed/:id/comments: a design's comments, oldest first.
import type { z } from 'zod';
import type { feedCommentsResponseSchema } from '#shared/feed.schema';
import { apiRequest } from '#web/lib/api-client';

export const fetchComments = (id: string) =>
  apiRequest<z.infer<typeof feedCommentsResponseSchema>>('GET', `/api/feed/${id}/comments`).then((result) => result.comments);
