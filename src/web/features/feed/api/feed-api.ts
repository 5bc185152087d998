// The community feed's calls.
import type { FeedComment, FeedPage } from '#shared/feed.schema';
import { apiRequest } from '#web/lib/api-client';

export function fetchFeedPage(filter: string, zips: string[], cursor: string | null): Promise<FeedPage> {
  const query = new URLSearchParams({ filter });
  if (zips.length) query.set('zips', zips.join(','));
  if (cursor) query.set('cursor', cursor);
  return apiRequest<FeedPage>('GET', `/api/feed?${query}`);
}

export const setLiked = (id: string, liked: boolean) =>
  apiRequest<{ isLiked: boolean; likes: number }>(liked ? 'PUT' : 'DELETE', `/api/feed/${id}/like`);

export const fetchComments = (id: string) =>
  apiRequest<{ comments: FeedComment[] }>('GET', `/api/feed/${id}/comments`).then((result) => result.comments);
export const postComment = (id: string, body: string) =>
  apiRequest<{ comment: FeedComment }>('POST', `/api/feed/${id}/comments`, { body }).then((result) => result.comment);
export const removeComment = (commentId: string) => apiRequest<object>('DELETE', `/api/feed/comments/${commentId}`);
export const hideFromFeed = (id: string) => apiRequest<object>('PUT', `/api/admin/feed/${id}/hidden`, { hidden: true });
