// One before/after design in the feed: images (dropped if they fail to load), title and tags, likes,
// comments, 'Get a quote for a design like this', and the admin's hide button.
import { useState } from 'react';
import type { FeedItem } from '#shared/feed.schema';
import { hideFromFeed } from '../api/hide-from-feed';
import { setLiked } from '../api/set-liked';
import { FeedComments } from './feed-comments';

type Props = {
  item: FeedItem;
  layout: 'grid' | 'list';
  isAdmin: boolean;
  onBroken: () => void;
  onHidden: () => void;
  onQuote: (item: FeedItem) => void;
};

export function FeedCard({ item, layout, isAdmin, onBroken, onHidden, onQuote }: Props) {
  const [liked, setLikedState] = useState(item.isLiked);
  const [likes, setLikes] = useState(item.likes);
  const [comments, setComments] = useState(item.comments);
  const [showComments, setShowComments] = useState(false);

  async function toggleLike() {
    const next = !liked;
    setLikedState(next);
    setLikes((count) => count + (next ? 1 : -1));
    try {
      const result = await setLiked(item.id, next);
      setLikedState(result.isLiked);
      setLikes(result.likes);
    } catch {
      setLikedState(!next);
      setLikes((count) => count + (next ? -1 : 1));
    }
  }

  return (
    <li
      data-testid="feed-item"
      className={`overflow-hidden rounded-2xl bg-white/5 text-left ring-1 ring-white/10 ${layout === 'list' ? 'md:flex' : ''}`}
    >
      <div className={`grid grid-cols-2 gap-0.5 ${layout === 'list' ? 'md:w-1/2' : ''}`}>
        <img
          src={item.beforeImage}
          alt={`${item.title}, before`}
          loading="lazy"
          onError={onBroken}
          className="aspect-[4/3] w-full object-cover"
        />
        <img
          src={item.afterImage}
          alt={`${item.title}, after`}
          loading="lazy"
          onError={onBroken}
          className="aspect-[4/3] w-full object-cover"
        />
      </div>
      <div className="flex-1">
        <div className="p-4">
          <h3 className="font-semibold text-white">
            {item.title}
            {item.isExample && <span className="ml-2 rounded bg-amber-300 px-1.5 py-0.5 text-xs font-bold text-stone-900">Example</span>}
          </h3>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Tags">
            {item.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-white/10 px-2 py-0.5 text-xs text-stone-200">
                {tag}
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
            <button
              type="button"
              disabled={item.isExample}
              onClick={() => void toggleLike()}
              aria-pressed={liked}
              className="rounded-lg px-2 py-1 text-stone-100 hover:bg-white/10 disabled:cursor-default disabled:hover:bg-transparent"
            >
              {liked ? '♥' : '♡'} <span data-testid="like-count">{likes}</span> <span className="sr-only">likes</span>
            </button>
            <button
              type="button"
              disabled={item.isExample}
              onClick={() => setShowComments(!showComments)}
              className="rounded-lg px-2 py-1 text-stone-100 hover:bg-white/10 disabled:cursor-default disabled:hover:bg-transparent"
            >
              <svg aria-hidden viewBox="0 0 20 20" className="mr-1 inline h-4 w-4 fill-current align-[-2px]">
                <path d="M3 4h14v9H8l-4 3v-3H3z" />
              </svg>
              {comments} {comments === 1 ? 'comment' : 'comments'}
            </button>
            {!item.isExample && (
              <a
                href={`/designs/${item.id}`}
                target="_blank"
                rel="noopener"
                className="rounded-lg px-2 py-1 text-stone-100 underline-offset-2 hover:underline"
              >
                Share
              </a>
            )}
            <button
              type="button"
              onClick={() => onQuote(item)}
              className="ml-auto rounded-lg bg-teal-500 px-3 py-1.5 font-semibold text-stone-950 hover:bg-teal-400"
            >
              Get a quote for a design like this
            </button>
            {isAdmin && !item.isExample && (
              <button
                type="button"
                onClick={() => void hideFromFeed(item.id).then(onHidden)}
                className="rounded-lg border border-red-300/50 px-2 py-1 text-red-200 hover:bg-red-500/20"
              >
                Hide from feed
              </button>
            )}
          </div>
        </div>
        {showComments && <FeedComments itemId={item.id} onCountChange={(delta) => setComments((count) => count + delta)} />}
      </div>
    </li>
  );
}
