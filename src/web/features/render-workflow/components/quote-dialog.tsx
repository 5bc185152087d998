// 'Get a Free Quote' (seed 000 §2 "Modals and flows" 8, §4, §5, §9): project type, timeline and budget
// required, the ZIP read-only, contact by email unless phone is chosen, optional notes. After sending,
// the promise of contact within 24 hours shows for 3 s, then the modal closes. Under the fields, an
// unticked consent to be contacted by contractors (docs/lead-business.md): without it the request is
// saved but no contractor receives it, and the confirmation says so.
import { useEffect, useState, type FormEvent } from 'react';
import { CONTACT_METHODS, QUOTE_BUDGETS, QUOTE_PROJECT_TYPES, QUOTE_TIMELINES, TIMERS_MS, type RoomType } from '#shared/constants';
import { Field, FormMessage, inputClass, TextArea, TextInput } from '#web/components/ui/form-field';
import { Modal } from '#web/components/ui/modal';
import { fetchQuoteConsent } from '../api/get-quote-consent';
import { requestQuote } from '../api/request-quote';

const PROJECT_FOR_ROOM: Partial<Record<RoomType, (typeof QUOTE_PROJECT_TYPES)[number]>> = {
  kitchen: 'Kitchen',
  bathroom: 'Bathroom',
  living_room: 'Living Room',
  bedroom: 'Bedroom',
  backyard: 'Backyard',
};

/** The quote is for the homeowner's own design, or for a feed design they like. */
type Props = {
  target: { designRequestId: string } | { inspirationId: string };
  roomType: RoomType | null;
  projectType?: string;
  zipCode: string;
  /** The design this quote is for, shown at the top so the homeowner knows which one they are asking about. */
  design?: { beforeUrl: string; afterUrl: string; caption: string };
  onClose: () => void;
};

export function QuoteDialog({ target, roomType, projectType: initialProjectType, zipCode, design, onClose }: Props) {
  const [projectType, setProjectType] = useState<string>(initialProjectType ?? (roomType ? (PROJECT_FOR_ROOM[roomType] ?? '') : ''));
  const [timeline, setTimeline] = useState('');
  const [budget, setBudget] = useState('');
  const [contactMethod, setContactMethod] = useState<(typeof CONTACT_METHODS)[number]>('email');
  const [notes, setNotes] = useState('');
  const [phone, setPhone] = useState('');
  const consentText = useQuoteConsent();
  const [consent, setConsent] = useState(false);
  const [state, setState] = useState<'idle' | 'submitting' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  const complete = Boolean(projectType && timeline && budget && (contactMethod === 'email' || phone.trim()));

  useEffect(() => {
    if (state !== 'sent') return;
    const timer = window.setTimeout(onClose, TIMERS_MS.quoteSuccess);
    return () => window.clearTimeout(timer);
  }, [state, onClose]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete) return;
    setState('submitting');
    setError(null);
    try {
      await requestQuote({
        ...target,
        zipCode,
        projectType: projectType as never,
        timeline: timeline as never,
        budget: budget as never,
        contactMethod,
        phone: contactMethod === 'phone' ? phone.trim() : null,
        notes: notes.trim() || null,
        ...(consent && consentText ? { contactConsent: true, consentVersion: consentText.version } : { contactConsent: false }),
      });
      setState('sent');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setState('idle');
    }
  }

  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title="Get a Free Quote"
      description="Local MetroWest contractors will contact you within 24 hours."
      footer={
        state === 'sent' ? undefined : (
          <button
            type="submit"
            form="quote-form"
            disabled={!complete || state === 'submitting'}
            className="w-full rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {state === 'submitting' ? 'Submitting...' : 'Request My Free Quote'}
          </button>
        )
      }
    >
      {design && (
        <figure className="mb-4 flex items-center gap-3" data-testid="quote-design">
          <img src={design.beforeUrl} alt="The room before" className="h-16 w-20 rounded-lg object-cover" />
          <img src={design.afterUrl} alt="The design this quote is for" className="h-16 w-20 rounded-lg object-cover" />
          <figcaption className="text-sm text-stone-600">{design.caption}</figcaption>
        </figure>
      )}
      {state === 'sent' ? (
        consent ? (
          <FormMessage kind="success">Quote request sent! A local contractor will contact you within 24 hours.</FormMessage>
        ) : (
          <FormMessage kind="success">
            Quote request saved. Contractors can only contact you once you agree to it: open the quote form again and tick the box when you
            are ready.
          </FormMessage>
        )
      ) : (
        <form id="quote-form" onSubmit={submit} className="space-y-3" noValidate>
          <Select label="Project type" id="quote-project" value={projectType} onChange={setProjectType} options={QUOTE_PROJECT_TYPES} />
          <Select label="Timeline" id="quote-timeline" value={timeline} onChange={setTimeline} options={QUOTE_TIMELINES} />
          <Select label="Budget" id="quote-budget" value={budget} onChange={setBudget} options={QUOTE_BUDGETS} />
          <TextInput label="ZIP code" id="quote-zip" value={zipCode} readOnly aria-readonly />
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-stone-700">Preferred contact</legend>
            <div className="flex gap-4">
              {CONTACT_METHODS.map((method) => (
                <label key={method} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="contact-method"
                    value={method}
                    checked={contactMethod === method}
                    onChange={() => setContactMethod(method)}
                    className="accent-teal-700"
                  />
                  {method === 'email' ? 'Email' : 'Phone'}
                </label>
              ))}
            </div>
          </fieldset>
          {contactMethod === 'phone' && (
            <TextInput
              label="Phone number"
              id="quote-phone"
              type="tel"
              autoComplete="tel"
              required
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          )}
          <TextArea label="Notes (optional)" id="quote-notes" value={notes} onChange={(event) => setNotes(event.target.value)} />
          {consentText && (
            <label className="flex items-start gap-2 rounded-lg bg-stone-50 p-3 text-xs leading-relaxed text-stone-700">
              <input
                type="checkbox"
                checked={consent}
                onChange={(event) => setConsent(event.target.checked)}
                className="mt-0.5 shrink-0 accent-teal-700"
                aria-describedby="quote-consent-text"
              />
              <span id="quote-consent-text">{consentText.text}</span>
            </label>
          )}
          {error && <FormMessage kind="error">{error}</FormMessage>}
        </form>
      )}
    </Modal>
  );
}

function Select({
  label,
  id,
  value,
  onChange,
  options,
}: {
  label: string;
  id: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
}) {
  return (
    <Field label={label} id={id}>
      <select id={id} required className={inputClass} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Choose…</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The consent text and version, fetched when the form opens; the box is left out until it arrives. */
function useQuoteConsent() {
  const [consent, setConsent] = useState<{ version: string; text: string } | null>(null);
  useEffect(() => {
    let live = true;
    fetchQuoteConsent()
      .then((answer) => live && setConsent({ version: answer.version, text: answer.text }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return consent;
}
