// 'Your Design is Ready!' (seed 000 §2 "Modals and flows" 7, §4 "Email modal", §5): the blurred preview
// and the email step. Email required and locked to the account's address, name and phone optional,
// the 'Get quotes' checkbox and the feed-sharing consent. Idle, submitting ('Processing...'), sent
// ('Email Sent!' for 3 s); then the full design with a comparison slider and download, and 1 s after
// success the quote modal when the homeowner wants quotes. Under the design, the homeowner can try other
// variations, change something in their own words, and pick the result that is emailed (DesignResults).
import { useEffect, useState, type FormEvent } from 'react';
import { TIMERS_MS, type RoomType } from '#shared/constants';
import { HOMEOWNER_MESSAGES } from '#shared/messages';
import { MY_DESIGNS_ANCHOR, MY_DESIGNS_PATH } from '#shared/pages';
import type { RenderState } from '#shared/render.schema';
import { TextInput } from '#web/components/ui/form-field';
import { Modal } from '#web/components/ui/modal';
import { useCurrentUser } from '#web/features/auth';
import { sendDesignEmail } from '../api/send-design-email';
import { BeforeAfterSlider } from './before-after-slider';
import { DesignResults } from './design-results';
import { RenderedBy } from './rendered-by';

type Props = {
  render: RenderState;
  roomType: RoomType;
  zipCode: string;
  onWantsQuote: () => void;
  onClose: () => void;
  /** Opened to get a quote (from My Designs): the 'Get quotes' box starts ticked. */
  wantsQuote?: boolean;
};

export function EmailDialog({ render, roomType, zipCode, onWantsQuote, onClose, wantsQuote = false }: Props) {
  const { user } = useCurrentUser();
  const [name, setName] = useState(user?.name ?? '');
  const [phone, setPhone] = useState('');
  const [subscribe, setSubscribe] = useState(wantsQuote);
  const [shareInFeed, setShareInFeed] = useState(false);
  const [state, setState] = useState<'idle' | 'submitting' | 'sent'>('idle');
  const [released, setReleased] = useState(Boolean(render.resultUrl));
  // The result shown above (the picked one of the design); `render` stays the design request the email is for.
  const [shown, setShown] = useState<RenderState>(render);
  const [releasedAt, setReleasedAt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  // What the server said happened: the design is on its way, or a confirmation link went first.
  const [notice, setNotice] = useState<string | null>(null);
  const email = user?.email ?? '';

  // 'Email Sent!' shows for 3 s, then the form resets.
  useEffect(() => {
    if (state !== 'sent') return;
    const timer = window.setTimeout(() => {
      setState('idle');
      setPhone('');
    }, TIMERS_MS.emailSuccess);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState('submitting');
    setError(null);
    setNotice(null);
    try {
      const { message } = await sendDesignEmail({
        email,
        name: name.trim() || null,
        phone: phone.trim() || null,
        selectedStyle: null,
        roomType,
        subscribe,
        zipCode,
        designRequestId: render.id,
        userId: user?.id ?? null,
        shareInFeed,
      });
      setState('sent');
      setNotice(message || null);
      setReleased(true);
      setReleasedAt(Date.now());
      if (subscribe) window.setTimeout(onWantsQuote, TIMERS_MS.quoteModalAfterEmail);
    } catch (failure) {
      setError(HOMEOWNER_MESSAGES.emailFailed(failure instanceof Error ? failure.message : String(failure)));
      setState('idle');
    }
  }

  const resultUrl = `/api/renders/${shown.id}/result`;
  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title="Your Design is Ready!"
      width="max-w-3xl"
      footer={
        <button
          type="submit"
          form="design-email-form"
          disabled={state !== 'idle' || !email}
          className="w-full rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
        >
          {state === 'submitting' ? 'Processing...' : state === 'sent' ? 'Email Sent!' : 'Send Me My Design'}
        </button>
      }
    >
      {released ? (
        <div className="space-y-3">
          <BeforeAfterSlider key={shown.id} beforeUrl={render.originalUrl} afterUrl={resultUrl} />
          <a
            href={resultUrl}
            download={`metrowest-${roomType}-redesign.jpg`}
            className="inline-block rounded-lg border border-teal-700 px-4 py-2 font-semibold text-teal-800 hover:bg-teal-50"
          >
            Download Your Design
          </a>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <figure>
            <img src={render.originalUrl} alt="Your room before" className="aspect-[4/3] w-full rounded-xl object-cover" />
            <figcaption className="mt-1 text-sm text-stone-600">Before</figcaption>
          </figure>
          <figure>
            <img
              src={shown.previewUrl ?? ''}
              alt="Your redesigned room, blurred until you enter your email"
              className="aspect-[4/3] w-full rounded-xl object-cover"
              data-testid="render-preview"
            />
            <figcaption className="mt-1 text-sm text-stone-600">After (preview blurred until you enter your email)</figcaption>
          </figure>
        </div>
      )}
      <RenderedBy render={shown} className="mt-4" />
      <DesignResults designId={render.id} onShow={setShown} releasedAt={releasedAt} />
      <form id="design-email-form" onSubmit={submit} className="mt-5 space-y-3" noValidate>
        <p className="text-stone-700">Enter your email to receive the full high-resolution before and after images.</p>
        <TextInput
          label="Email"
          id="design-email"
          type="email"
          value={email}
          readOnly
          aria-readonly
          hint="Designs are sent to your account's email address."
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput
            label="Name (optional)"
            id="design-name"
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextInput
            label="Phone (optional)"
            id="design-phone"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={subscribe}
            onChange={(event) => setSubscribe(event.target.checked)}
            className="h-4 w-4 accent-teal-700"
          />
          Get quotes from contractors &amp; design tips
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={shareInFeed}
            onChange={(event) => setShareInFeed(event.target.checked)}
            className="h-4 w-4 accent-teal-700"
          />
          Share my before &amp; after anonymously in the community feed
        </label>
        {notice && (
          <div role="status" className="rounded-lg bg-teal-50 px-3 py-2 text-sm text-teal-900">
            <p data-testid="email-step-notice">{notice}</p>
            <p className="mt-1">
              Your design is kept in{' '}
              <a href={`${MY_DESIGNS_PATH}#${MY_DESIGNS_ANCHOR}`} className="font-semibold underline">
                My Designs
              </a>
              .
            </p>
          </div>
        )}
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
