// The community feed (seed 000 §2 'Community feed', §8, §9): filter chips, grid or list, 8 designs
// shown and 8 more per 'Load more' (20 fetched at a time), the seed's empty and failure messages.
// Only signed-in people get here; visitors see the sign-in prompt instead and nothing is requested.
import { useCallback, useEffect, useState } from 'react';
import { FEED_FILTERS, LIMITS, type RoomType } from '#shared/constants';
import type { FeedItem } from '#shared/feed.schema';
import { HOMEOWNER_MESSAGES } from '#shared/messages';
import { useCurrentUser } from '#web/features/auth';
import { QuoteDialog } from '#web/features/render-workflow';
import { useWorkflow } from '#web/features/workflow';
import { fetchFeedPage } from '../api/get-feed-page';
import { FeedCard } from './feed-card';

const chipLabel = (filter: string) => filter.replace(/\b\w/g, (letter) => letter.toUpperCase());

export function CommunityFeed() {
  const { user } = useCurrentUser();
  const { approvedZip, startWorkflow } = useWorkflow();
  const [filter, setFilter] = useState<(typeof FEED_FILTERS)[number]>('all');
  const [nearMe, setNearMe] = useState(false);
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const [items, setItems] = useState<FeedItem[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [shown, setShown] = useState<number>(LIMITS.feedPageSize);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [quoteFor, setQuoteFor] = useState<FeedItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const zips = nearMe && approvedZip ? [approvedZip] : [];
  const zipKey = zips.join(',');

  useEffect(() => {
    let cancelled = false;
    fetchFeedPage(filter, zipKey ? zipKey.split(',') : [], null)
      .then((page) => {
        if (cancelled) return;
        setItems(page.items);
        setCursor(page.nextCursor);
        setShown(LIMITS.feedPageSize);
        setState('ready');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
    };
  }, [filter, zipKey]);

  const chooseFilter = (next: (typeof FEED_FILTERS)[number]) => {
    setState('loading');
    setFilter(next);
  };

  async function loadMore() {
    const target = shown + LIMITS.feedPageSize;
    if (target > items.length && cursor) {
      const page = await fetchFeedPage(filter, zips, cursor).catch(() => null);
      if (page) {
        setItems((current) => [...current, ...page.items]);
        setCursor(page.nextCursor);
      }
    }
    setShown(target);
  }

  const drop = useCallback((id: string) => setItems((current) => current.filter((item) => item.id !== id)), []);

  const askForQuote = (item: FeedItem) => {
    if (!approvedZip) {
      setNotice(HOMEOWNER_MESSAGES.feedQuoteNeedsZip);
      startWorkflow();
      return;
    }
    setNotice(null);
    setQuoteFor(item);
  };

  const visible = items.slice(0, shown);
  return (
    <div className="mt-8">
      <div className="flex flex-wrap items-center justify-center gap-2" role="group" aria-label="Filter designs">
        {FEED_FILTERS.map((chip) => (
          <button
            key={chip}
            type="button"
            aria-pressed={filter === chip}
            onClick={() => chooseFilter(chip)}
            className={`rounded-full px-3 py-1.5 text-sm ${filter === chip ? 'bg-teal-400 font-semibold text-stone-950' : 'bg-white/10 text-stone-100 hover:bg-white/20'}`}
          >
            {chipLabel(chip)}
          </button>
        ))}
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-center gap-3 text-sm">
        {approvedZip && (
          <label className="flex items-center gap-2 text-stone-200">
            <input
              type="checkbox"
              checked={nearMe}
              onChange={(event) => {
                setState('loading');
                setNearMe(event.target.checked);
              }}
              className="accent-teal-400"
            />
            Only designs in {approvedZip}
          </label>
        )}
        <div role="group" aria-label="Layout" className="flex overflow-hidden rounded-lg ring-1 ring-white/20">
          {(['grid', 'list'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={layout === option}
              onClick={() => setLayout(option)}
              className={`px-3 py-1.5 ${layout === option ? 'bg-white text-stone-900' : 'text-stone-100 hover:bg-white/10'}`}
            >
              {option === 'grid' ? 'Grid' : 'List'}
            </button>
          ))}
        </div>
      </div>
      {notice && (
        <p role="alert" className="mt-4 text-amber-200">
          {notice}
        </p>
      )}

      {state === 'failed' ? (
        <p role="alert" className="mt-8 text-red-200">
          {HOMEOWNER_MESSAGES.feedLoadFailed}.{' '}
          <button type="button" onClick={() => window.location.reload()} className="underline">
            Try again
          </button>
        </p>
      ) : state === 'loading' ? (
        <p className="mt-8 text-stone-300">Loading designs…</p>
      ) : visible.length === 0 ? (
        <p className="mt-8 text-stone-200">{zips.length ? HOMEOWNER_MESSAGES.feedEmptyInArea : HOMEOWNER_MESSAGES.feedEmpty}</p>
      ) : (
        <ul
          data-testid="feed-list"
          data-layout={layout}
          className={`mt-8 grid gap-6 ${layout === 'grid' ? 'sm:grid-cols-2 lg:grid-cols-3' : 'grid-cols-1'}`}
        >
          {visible.map((item) => (
            <FeedCard
              key={item.id}
              item={item}
              layout={layout}
              isAdmin={user?.role === 'admin'}
              onBroken={() => drop(item.id)}
              onHidden={() => drop(item.id)}
              onQuote={askForQuote}
            />
          ))}
        </ul>
      )}
      {state === 'ready' && (shown < items.length || cursor) && (
        <button
          type="button"
          onClick={() => void loadMore()}
          className="mt-8 rounded-xl bg-white px-6 py-3 font-semibold text-stone-900 hover:bg-stone-100"
        >
          Load More
        </button>
      )}
      {quoteFor && approvedZip && (
        <QuoteDialog
          target={{ inspirationId: quoteFor.id }}
          roomType={(quoteFor.roomType as RoomType | null) ?? null}
          projectType={quoteFor.projectType}
          zipCode={approvedZip}
          onClose={() => setQuoteFor(null)}
        />
      )}
    </div>
  );
}
