// The feed's first page per filter, shared by every viewer for a few seconds, with each viewer's likes on
// it. Opening the feed is the community's most frequent read, and its first page is the same for
// everyone but for which designs they liked; a read answered from here touches no database
// (docs/decisions/031).
//
// Fresh enough: anything that changes what the feed shows ('feed.changed': a like, a comment, a design
// shared, hidden or deleted) clears every page at once when it happens through this process. A change
// made through another instance reaches this one within FEED_FIRST_PAGE_SECONDS.

/** How long another instance's change may take to reach this one's first pages. */
export const FEED_FIRST_PAGE_SECONDS = 5;

/** Filters are the visitor's choice (any list of ZIPs): at most this many first pages are kept. */
const MAX_PAGES = 500;
/** Viewers whose likes are kept per page; past that the earliest are read again. */
const MAX_VIEWERS_PER_PAGE = 5_000;

type Kept<Page> = {
  expiresAt: number;
  // Promises, not values: viewers arriving while a page loads share that one query.
  page: Promise<Page>;
  likedBy: Map<string, Promise<Set<string>>>;
};

export class FeedFirstPages<Page> {
  private readonly pages = new Map<string, Kept<Page>>();

  /** The first page for this filter, and which of its designs this viewer liked. */
  async read(
    filterKey: string,
    viewerId: string,
    loadPage: () => Promise<Page>,
    loadLiked: (page: Page) => Promise<Set<string>>,
  ): Promise<{ page: Page; liked: Set<string> }> {
    const kept = this.keep(filterKey, loadPage);
    const page = await kept.page;
    let liked = kept.likedBy.get(viewerId);
    if (!liked) {
      liked = loadLiked(page);
      forgetIfFailed(kept.likedBy, viewerId, liked);
      if (kept.likedBy.size > MAX_VIEWERS_PER_PAGE) kept.likedBy.delete(kept.likedBy.keys().next().value!);
    }
    return { page, liked: await liked };
  }

  clear(): void {
    this.pages.clear();
  }

  private keep(filterKey: string, loadPage: () => Promise<Page>): Kept<Page> {
    const kept = this.pages.get(filterKey);
    if (kept && kept.expiresAt > Date.now()) return kept;
    const fresh: Kept<Page> = { expiresAt: Date.now() + FEED_FIRST_PAGE_SECONDS * 1000, page: loadPage(), likedBy: new Map() };
    this.pages.delete(filterKey);
    forgetIfFailed(this.pages, filterKey, fresh.page, fresh);
    if (this.pages.size > MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
    return fresh;
  }
}

/** Keeps `value` under `key`, and drops it again if its promise fails, so the next reader tries again. */
function forgetIfFailed<V>(map: Map<string, V>, key: string, promise: Promise<unknown>, value = promise as V): void {
  map.set(key, value);
  promise.catch(() => {
    if (map.get(key) === value) map.delete(key);
  });
}
