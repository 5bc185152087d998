// POST /api/feed/:id/comments: adds the signed-in person's comment and answers it as stored.
import type { z } from 'zod';
import type { feedCommentResponseSchema } from '#shared/feed.schema';
import { apiRequest } from '#web/lib/api-client';

export const postComment = (id: string, body: string) =>
  apiRequest<z.infer<typeof feedCommentResponseSchema>>('POST', `/api/feed/${id}/comments`, { body }).then((result) => result.comment);
