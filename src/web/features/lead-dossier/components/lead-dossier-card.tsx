// The lead dossier card (seed 001 'Lead dossier card'): avatar or initials, name, intent badge and the
// three buttons; Property Information (USD without decimals), Lead Intelligence Scores with their bands
// and, when the scoring module sends them, the factors behind each; the Renovation Preview when an image
// exists; Contractor Insights or its empty state. It only displays: what the buttons do is passed in.
import { useState, type FormEvent, type ReactNode } from 'react';
import { formatBudget, formatUsd, INSIGHT_MAX_LENGTH, overallDossierScore, type IntentLabel, type LeadDossier } from '#shared/lead-dossier';
import { DOSSIER_MESSAGES, BACK_OFFICE_MESSAGES } from '#shared/messages';
import { FormMessage, TextArea } from '#web/components/ui/form-field';
import { Badge, EmailConfirmationBadge, formatDateTime, scoreBand } from '#web/components/ui/back-office';
import { ScoreFactorsList, type ScoreKey } from '#web/features/lead-scoring';

export type DossierActions = {
  /** Each button shows only when its action is given (a contractor gets Export PDF alone). */
  onExportPdf?: () => void;
  onEmailContractor?: () => void;
  onAssignPartner?: () => void;
  /** Adds an insight note; without it the card shows the notes read-only. */
  onAddInsight?: (body: string) => Promise<void>;
  busy?: boolean;
  /** Why the last action failed, shown under the buttons (a success shows as a toast). */
  error?: string | null;
};

const INTENT_CLASSES: Record<IntentLabel, string> = {
  High: 'bg-green-100 text-green-800',
  Medium: 'bg-amber-100 text-amber-800',
  Low: 'bg-stone-200 text-stone-700',
};

export function initialsOf(name: string | null, email: string): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0][0]}${words[words.length - 1][0]}`.toUpperCase();
  if (words.length === 1) return words[0].slice(0, 2).toUpperCase();
  return email.slice(0, 2).toUpperCase();
}

/**
 * The card's buttons and the outcome of the last one. The card shows them in its header; a dialog
 * passes `showActions={false}` to the card and puts this bar in its footer instead, so the actions stay
 * on screen on a phone while the dossier scrolls.
 */
export function DossierActionBar({ actions }: { actions: DossierActions }) {
  const buttons = [
    { label: 'Export PDF', onClick: actions.onExportPdf, look: 'bg-teal-700 text-white hover:bg-teal-800' },
    { label: 'Email Contractor', onClick: actions.onEmailContractor, look: 'ring-1 ring-teal-700 text-teal-800 hover:bg-teal-50' },
    { label: 'Assign Partner', onClick: actions.onAssignPartner, look: 'ring-1 ring-stone-400 hover:bg-stone-100' },
  ];
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {buttons.map(
          ({ label, onClick, look }) =>
            onClick && (
              <button
                key={label}
                type="button"
                disabled={actions.busy}
                onClick={onClick}
                className={`rounded-lg px-3 py-1.5 text-sm font-semibold disabled:opacity-60 ${look}`}
              >
                {label}
              </button>
            ),
        )}
      </div>
      {actions.error && <FormMessage kind="error">{actions.error}</FormMessage>}
    </div>
  );
}

export function LeadDossierCard({
  dossier,
  actions = {},
  showActions = true,
}: {
  dossier: LeadDossier;
  actions?: DossierActions;
  /** False when the frame around the card shows the `DossierActionBar` itself (the dialog's footer). */
  showActions?: boolean;
}) {
  const displayName = dossier.name || 'Anonymous';
  const overall = overallDossierScore(dossier);
  const factors = dossier.score_factors;
  return (
    <article
      aria-label={`Lead dossier: ${displayName}`}
      className="rounded-2xl bg-white p-5 text-stone-900 shadow-sm ring-1 ring-stone-200"
    >
      <header className="flex flex-wrap items-center gap-4">
        {dossier.profilePhoto ? (
          <img src={dossier.profilePhoto} alt={`${displayName}'s profile photo`} className="size-14 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-14 items-center justify-center rounded-full bg-teal-700 text-lg font-bold text-white"
          >
            {initialsOf(dossier.name, dossier.email)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-xl font-bold">{displayName}</h3>
          <div className="flex flex-wrap gap-1">
            <Badge className={INTENT_CLASSES[dossier.intentScore]}>{dossier.intentScore} Intent</Badge>
            <EmailConfirmationBadge confirmed={dossier.emailConfirmed} />
          </div>
        </div>
        {showActions && <DossierActionBar actions={actions} />}
      </header>

      <Section title="Property Information">
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <Item label="Address" value={dossier.address || 'Not provided'} />
          <Item label="Zip Code" value={dossier.town ? `${dossier.zipCode} (${dossier.town})` : dossier.zipCode} />
          <Item label="Income Tier" value={dossier.zipIncomeTier ?? 'Not available'} />
          <Item label="Home Value" value={dossier.homeValue === null ? 'Not provided' : formatUsd(dossier.homeValue)} />
          <Item label="Budget" value={formatBudget(dossier.budget) ?? 'Not provided'} />
        </dl>
      </Section>

      <Section title="Lead Intelligence Scores">
        <div className="mb-3 flex items-center gap-3">
          <span className="text-3xl font-bold" aria-label={`Overall score ${overall}`}>
            {overall}
          </span>
          <span className="text-sm text-stone-600">Overall score</span>
          <Badge className={scoreBand(overall).className}>{scoreBand(overall).label}</Badge>
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Score label="Engagement" value={dossier.engagementScore} factors={factors} scoreKey="engagement" />
          <Score label="Intent" value={dossier.intentScoreValue} factors={factors} scoreKey="intent" />
          <Score label="Quality" value={dossier.leadQualityScore} factors={factors} scoreKey="quality" />
          <Score label="Close Prob." value={dossier.probabilityToCloseScore} factors={factors} scoreKey="close" percent />
        </dl>
      </Section>

      {(dossier.beforeImage || dossier.afterImage) && (
        <Section title="Renovation Preview">
          <div className="grid grid-cols-2 gap-3">
            {dossier.beforeImage && (
              <figure>
                <img src={dossier.beforeImage} alt="Before" className="aspect-[4/3] w-full rounded-lg object-cover" />
                <figcaption className="mt-1 text-xs text-stone-600">Before</figcaption>
              </figure>
            )}
            {dossier.afterImage && (
              <figure>
                <img src={dossier.afterImage} alt={dossier.afterLabel} className="aspect-[4/3] w-full rounded-lg object-cover" />
                <figcaption className="mt-1 text-xs text-stone-600">{dossier.afterLabel}</figcaption>
              </figure>
            )}
          </div>
          {dossier.designHistory && (
            <p className="mt-2 text-sm text-stone-700" data-testid="design-history">
              Design history: {dossier.designHistory}
            </p>
          )}
        </Section>
      )}

      <Section title="Contractor Insights">
        {dossier.contractorNotes.length === 0 ? (
          <div className="rounded-lg bg-stone-50 p-4 text-center">
            <p className="font-medium">{BACK_OFFICE_MESSAGES.noContractorNotes}</p>
            <p className="text-sm text-stone-600">{BACK_OFFICE_MESSAGES.contractorNotesHint}</p>
          </div>
        ) : (
          <ul className="space-y-2" aria-label="Contractor insights">
            {dossier.contractorNotes.map((note) => (
              <li key={note.id} className="rounded-lg bg-stone-50 p-3 text-sm">
                <p className="whitespace-pre-line">{note.body}</p>
                <p className="mt-1 text-xs text-stone-600">
                  {note.authorName} · {formatDateTime(note.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
        {actions.onAddInsight && <InsightForm leadId={dossier.id} onAdd={actions.onAddInsight} />}
      </Section>
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-5 border-t border-stone-100 pt-4">
      <h4 className="mb-2 text-sm font-semibold uppercase tracking-wide text-stone-600">{title}</h4>
      {children}
    </section>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-2 py-0.5">
      <dt className="text-stone-600">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

function Score({
  label,
  value,
  factors,
  scoreKey,
  percent = false,
}: {
  label: string;
  value: number;
  factors: LeadDossier['score_factors'];
  scoreKey: ScoreKey;
  percent?: boolean;
}) {
  const band = scoreBand(value);
  return (
    <div className="rounded-lg bg-stone-50 p-3">
      <dt className="text-stone-600">{label}</dt>
      <dd className="flex items-center gap-2">
        <span className="text-lg font-bold">{percent ? `${value}%` : value}</span>
        <Badge className={band.className}>{band.label}</Badge>
      </dd>
      {/* The reasons behind the number, when the scoring module sent them (the demo cards have none). */}
      {factors && factors[scoreKey].length > 0 && (
        <dd className="mt-1" aria-label={`Why ${label}`}>
          <ScoreFactorsList factors={factors} score={scoreKey} />
        </dd>
      )}
    </div>
  );
}

function InsightForm({ leadId, onAdd }: { leadId: string; onAdd: (body: string) => Promise<void> }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = body.trim();
    if (!text) return setError(DOSSIER_MESSAGES.insightRequired);
    if (text.length > INSIGHT_MAX_LENGTH) return setError(DOSSIER_MESSAGES.insightTooLong);
    setBusy(true);
    setError(null);
    try {
      await onAdd(text);
      setBody('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="mt-3 space-y-2" noValidate>
      <TextArea
        label="Add an insight"
        id={`insight-${leadId}`}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        maxLength={INSIGHT_MAX_LENGTH}
      />
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg bg-stone-900 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60"
      >
        {busy ? 'Saving...' : 'Add Insight'}
      </button>
    </form>
  );
}
