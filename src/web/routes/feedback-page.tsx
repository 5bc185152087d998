// The feedback page (seed 000 §2, §4, §5): /feedback?lead_id=…&rating=N. Five stars with captions,
// an optional comment with a live counter, then 'Thank You!' and back to the home page after 3 s.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '#web/lib/router';
import { LIMITS, RATING_CAPTIONS, TIMERS_MS } from '#shared/constants';
import { HOMEOWNER_MESSAGES } from '#shared/messages';
import { FormMessage, TextInput } from '#web/components/ui/form-field';
import { submitFeedback } from '#web/features/feedback/api/submit-feedback';

type Rating = 0 | 1 | 2 | 3 | 4 | 5;
const STARS = [1, 2, 3, 4, 5] as const;

const ratingFromQuery = (value: string | null): Rating => {
  const rating = Number(value);
  return Number.isInteger(rating) && rating >= 1 && rating <= 5 ? (rating as Rating) : 0;
};

export function FeedbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [rating, setRating] = useState<Rating>(0);
  const [hovered, setHovered] = useState<Rating>(0);
  const [comment, setComment] = useState('');
  const [quoteConsent, setQuoteConsent] = useState(false);
  const [quoteName, setQuoteName] = useState('');
  const [state, setState] = useState<'form' | 'submitting' | 'success'>('form');
  const [error, setError] = useState<string | null>(null);

  // The query is read after hydration: the prerendered page has no query string.
  const queryRating = params.get('rating');
  // A quote carries the homeowner's town, which only their design request (the email's lead_id) knows.
  const queryLeadId = params.get('lead_id');
  const [leadIdKnown, setLeadIdKnown] = useState(false);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- one-time pre-selection from the link in the email
    setRating(ratingFromQuery(queryRating));
    setLeadIdKnown(Boolean(queryLeadId));
  }, [queryRating, queryLeadId]);

  useEffect(() => {
    if (state !== 'success') return;
    const timer = window.setTimeout(() => navigate('/'), TIMERS_MS.feedbackRedirect);
    return () => window.clearTimeout(timer);
  }, [state, navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (rating === 0) {
      setError(HOMEOWNER_MESSAGES.feedbackRatingRequired);
      return;
    }
    const leadId = params.get('lead_id');
    if (!leadId) console.warn('Feedback has no lead_id; it will be submitted anonymously.');
    setState('submitting');
    setError(null);
    try {
      await submitFeedback({
        lead_id: leadId,
        rating,
        comment: comment.trim() || null,
        source: 'email',
        page_location: window.location.href,
        quote_consent: quoteConsent,
        quote_name: quoteConsent ? quoteName.trim() || null : null,
      });
      setState('success');
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : HOMEOWNER_MESSAGES.feedbackFailedRetry);
      setState('form');
    }
  }

  if (state === 'success') {
    return (
      <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center px-4 text-center">
        <div className="text-5xl" aria-hidden>
          ✓
        </div>
        <h1 className="mt-4 text-3xl font-bold">Thank You!</h1>
        <p className="mt-3 text-stone-700">Your feedback helps us improve our service.</p>
        <p className="mt-2 text-sm text-stone-500">Redirecting you to the homepage...</p>
      </main>
    );
  }

  const shown = hovered || rating;
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col justify-center px-4 py-12">
      <Link to="/" className="text-sm text-teal-800 hover:underline">
        ← MetroWest AI Renovations
      </Link>
      <form onSubmit={submit} className="mt-6 rounded-2xl bg-white p-6 shadow-sm" noValidate>
        <h1 className="text-3xl font-bold">How Was Your Experience?</h1>
        <fieldset className="mt-6">
          <legend className="text-sm font-medium text-stone-700">Your rating</legend>
          <div className="mt-2 flex gap-1" onMouseLeave={() => setHovered(0)}>
            {STARS.map((star) => (
              <button
                key={star}
                type="button"
                aria-label={`${star} star${star > 1 ? 's' : ''}: ${RATING_CAPTIONS[star]}`}
                aria-pressed={rating === star}
                onClick={() => {
                  setRating(star);
                  setError(null);
                }}
                onMouseEnter={() => setHovered(star)}
                className={`text-4xl leading-none transition-colors ${star <= shown ? 'text-amber-500' : 'text-stone-300'}`}
              >
                ★
              </button>
            ))}
          </div>
          <p className="mt-2 h-6 font-medium text-stone-800" aria-live="polite">
            {shown ? RATING_CAPTIONS[shown as 1 | 2 | 3 | 4 | 5] : ''}
          </p>
        </fieldset>
        <label htmlFor="feedback-comment" className="mt-4 block text-sm font-medium text-stone-700">
          Tell us more (optional)
        </label>
        <textarea
          id="feedback-comment"
          value={comment}
          maxLength={LIMITS.feedbackCommentMaxLength}
          onChange={(event) => setComment(event.target.value)}
          className="mt-1 min-h-32 w-full rounded-lg border border-stone-300 px-3 py-2.5 focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30"
        />
        <p className="mt-1 text-right text-xs text-stone-600" data-testid="comment-counter">
          {comment.length}/{LIMITS.feedbackCommentMaxLength}
        </p>
        {leadIdKnown && (
          <div className="mt-4 space-y-2 rounded-lg bg-stone-50 p-3">
            <label className="flex items-start gap-2 text-sm text-stone-800">
              <input
                type="checkbox"
                checked={quoteConsent}
                onChange={(event) => setQuoteConsent(event.target.checked)}
                className="mt-0.5 h-4 w-4 accent-teal-700"
              />
              <span>May we quote you on our site? We would show your words with your first name and town only.</span>
            </label>
            {quoteConsent && (
              <TextInput
                label="First name to show"
                id="feedback-quote-name"
                autoComplete="given-name"
                maxLength={40}
                value={quoteName}
                onChange={(event) => setQuoteName(event.target.value)}
              />
            )}
          </div>
        )}
        {error && (
          <div className="mt-3">
            <FormMessage kind="error">{error}</FormMessage>
          </div>
        )}
        <button
          type="submit"
          disabled={rating === 0 || state === 'submitting'}
          className="mt-4 w-full rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {state === 'submitting' ? 'Submitting...' : 'Submit Feedback'}
        </button>
      </form>
    </main>
  );
}
