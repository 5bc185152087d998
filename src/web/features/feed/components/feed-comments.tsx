// A design's comments: the list, a short comment box for signed-in homeowners, removal for admins.
import { useEffect, useState, type FormEvent } from 'react';
import { FEED_COMMENT_MAX_LENGTH, type FeedComment } from '#shared/feed.schema';
import { fetchComments } from '../api/get-comments';
import { postComment } from '../api/post-comment';
import { removeComment } from '../api/remove-comment';

export function FeedComments({ itemId, onCountChange }: { itemId: string; onCountChange: (delta: number) => void }) {
  const [comments, setComments] = useState<FeedComment[] | null>(null);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetchComments(itemId)
      .then(setComments)
      .catch((failure: Error) => setError(failure.message));
  }, [itemId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!body.trim()) return;
    try {
      const comment = await postComment(itemId, body);
      setComments((current) => [...(current ?? []), comment]);
      setBody('');
      onCountChange(1);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  async function remove(id: string) {
    await removeComment(id);
    setComments((current) => current?.filter((comment) => comment.id !== id) ?? null);
    onCountChange(-1);
  }

  return (
    <div className="border-t border-white/10 p-4 text-sm">
      {comments === null && !error && <p className="text-stone-400">Loading comments…</p>}
      <ul className="space-y-2">
        {comments?.map((comment) => (
          <li key={comment.id} className="rounded-lg bg-white/5 px-3 py-2">
            <span className="font-semibold text-teal-200">{comment.author}</span> <span className="text-stone-100">{comment.body}</span>
            {comment.canRemove && (
              <button type="button" onClick={() => void remove(comment.id)} className="ml-2 text-xs text-red-300 underline">
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="mt-3 flex gap-2">
        <label htmlFor={`comment-${itemId}`} className="sr-only">
          Add a comment
        </label>
        <input
          id={`comment-${itemId}`}
          value={body}
          maxLength={FEED_COMMENT_MAX_LENGTH}
          onChange={(event) => setBody(event.target.value)}
          placeholder="Add a comment"
          className="min-w-0 flex-1 rounded-lg border border-white/20 bg-white/10 px-3 py-2 text-white placeholder:text-stone-400"
        />
        <button
          type="submit"
          disabled={!body.trim()}
          className="rounded-lg bg-teal-500 px-3 py-2 font-semibold text-stone-950 disabled:opacity-50"
        >
          Post
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
