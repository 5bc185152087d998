// The date filter every back-office list shares (seed 001 §3): a preset or a custom range, as a query string.
export type DateWindow = { preset: 'all' | '7d' | '30d' | '90d'; startDate: string; endDate: string };

export function dateQuery(window: DateWindow): string {
  const query = new URLSearchParams();
  if (window.startDate || window.endDate) {
    if (window.startDate) query.set('startDate', window.startDate);
    if (window.endDate) query.set('endDate', window.endDate);
  } else if (window.preset !== 'all') {
    query.set('dateRange', window.preset);
  }
  return query.toString();
}

/** A path with its query string, or the bare path when there is none. */
export const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);
