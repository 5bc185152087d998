// Wraps a tab's fetch: server errors keep their text, a failed request becomes the seed's
// 'Failed to fetch data for {tab}.'.
import { BACK_OFFICE_MESSAGES } from '#shared/messages';
import { ApiError } from '#web/lib/api-client';

export function tabQuery<T>(tab: string, fetcher: () => Promise<T>) {
  return async () => {
    try {
      return await fetcher();
    } catch (error) {
      throw error instanceof ApiError ? error : new Error(BACK_OFFICE_MESSAGES.fetchTabFailed(tab));
    }
  };
}
