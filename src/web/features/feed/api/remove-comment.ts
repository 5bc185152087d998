// DELETE /api/feed/comments/:id: the author (or an admin) removes a comment.
import type { z } from 'zod';
import type { okResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const removeComment = (commentId: string) =>
  apiRequest<z.infer<typeof okResponseSchema>>('DELETE', `/api/feed/comments/${commentId}`);
