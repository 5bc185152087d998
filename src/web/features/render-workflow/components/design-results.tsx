// Under a finished design: the homeowner flips between up to four results of the design request (the first
// render, variations, refinements), picks the one that is emailed, asks for another variation, or changes
// something in the shown result in their own words. New results render on the server like any design; this
// follows them until they finish. Everything stays blurred until the email step, as everywhere.
import { useEffect, useState, type FormEvent } from 'react';
import { REFINEMENT_MAX_LENGTH, type Design, type DesignResult } from '#shared/design.schema';
import { cancelRender } from '../api/cancel-render';
import { addVariation, getDesign, pickResult, refineResult } from '../api/design-results';

const POLL_MS = 1000;

type Props = {
  designId: string;
  /** The result to show above (the picked one), as it changes. */
  onShow: (result: DesignResult) => void;
  /** Bumped by the email step: the results are released, so their full images can be shown. */
  releasedAt: number;
};

const running = (design: Design | null) =>
  design?.results.some((result) => result.status === 'queued' || result.status === 'running') ?? false;
const KIND_LABEL: Record<DesignResult['kind'], string> = { original: 'First design', variation: 'Variation', refinement: 'Changed' };

export function DesignResults({ designId, onShow, releasedAt }: Props) {
  const [design, setDesign] = useState<Design | null>(null);
  const [instruction, setInstruction] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  // Load, reload after the email step, and follow results still being made.
  useEffect(() => {
    let current = true;
    let timer: number | undefined;
    const load = () =>
      getDesign(designId)
        .then((next) => {
          if (!current) return;
          setDesign(next);
          if (running(next)) timer = window.setTimeout(load, POLL_MS);
        })
        .catch((failure: unknown) => current && setError(failure instanceof Error ? failure.message : String(failure)));
    void load();
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [designId, releasedAt, design?.results.length]);

  const finished = design?.results.filter((result) => result.status === 'succeeded') ?? [];
  const picked = finished.find((result) => result.id === design?.pickedRenderId) ?? finished[0];
  useEffect(() => {
    if (picked) onShow(picked);
  }, [picked, onShow]);

  async function change(action: () => Promise<Design>) {
    setSending(true);
    setError(null);
    try {
      const next = await action();
      setDesign(next);
      return true;
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      return false;
    } finally {
      setSending(false);
    }
  }

  async function refine(event: FormEvent) {
    event.preventDefault();
    if (!picked) return;
    if (await change(() => refineResult(designId, picked.id, instruction.trim()))) setInstruction('');
  }

  if (!design) return null;
  const inProgress = design.results.find((result) => result.status === 'queued' || result.status === 'running');
  const full = design.results.filter((result) => result.status !== 'failed').length >= design.maxResults;
  const failed = design.results.filter((result) => result.status === 'failed');
  return (
    <section aria-label="Variations and changes" className="mt-4 space-y-3" data-testid="design-results">
      {finished.length > 1 && (
        <div role="radiogroup" aria-label="Results of this design" className="flex flex-wrap gap-2">
          {finished.map((result, index) => (
            <button
              key={result.id}
              type="button"
              role="radio"
              aria-checked={result.id === picked?.id}
              aria-label={`Result ${index + 1}: ${KIND_LABEL[result.kind]}${result.refinement ? ` (${result.refinement})` : ''}`}
              onClick={() => void change(() => pickResult(designId, result.id))}
              className={`w-[4.5rem] overflow-hidden sm:w-24 rounded-lg text-left text-xs ring-2 ${result.id === picked?.id ? 'ring-teal-600' : 'ring-transparent hover:ring-stone-300'}`}
            >
              <img src={result.resultUrl ?? result.previewUrl ?? ''} alt="" className="aspect-[4/3] w-full object-cover" />
              <span className="block truncate px-1 py-0.5 text-stone-700">
                {index + 1}. {KIND_LABEL[result.kind]}
              </span>
            </button>
          ))}
        </div>
      )}
      {picked?.note && <p className="text-sm text-stone-600">{picked.note}</p>}
      {inProgress && (
        <div className="flex items-center gap-3">
          <p role="status" className="text-sm text-stone-700" data-testid="result-progress">
            Making your {inProgress.kind === 'refinement' ? 'change' : 'variation'}… {inProgress.percent}%
          </p>
          <button
            type="button"
            onClick={() => void change(() => cancelRender(inProgress.id).then(() => getDesign(designId)))}
            className="text-sm text-stone-700 underline hover:text-stone-900"
          >
            Stop
          </button>
        </div>
      )}
      {failed.length > 0 && !inProgress && (
        <p className="text-sm text-stone-600">
          {failed.length === 1
            ? `One result was stopped or could not be made; it does not count towards the ${design.maxResults}.`
            : `${failed.length} results were stopped or could not be made; they do not count towards the ${design.maxResults}.`}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <button
          type="button"
          disabled={sending || Boolean(inProgress) || full}
          onClick={() => void change(() => addVariation(designId))}
          className="rounded-lg border border-teal-700 px-3 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50 disabled:opacity-50"
        >
          Try another variation
        </button>
        <form onSubmit={refine} className="flex w-full min-w-0 flex-1 gap-2">
          <label htmlFor="refine-instruction" className="sr-only">
            Change something in this result
          </label>
          <input
            id="refine-instruction"
            value={instruction}
            maxLength={REFINEMENT_MAX_LENGTH}
            onChange={(event) => setInstruction(event.target.value)}
            placeholder="Change something… (paint the walls sage green)"
            className="min-w-0 flex-1 rounded-lg border border-stone-300 px-3 py-2 text-sm"
          />
          <button
            type="submit"
            disabled={sending || Boolean(inProgress) || full || instruction.trim().length < 3}
            className="rounded-lg bg-stone-800 px-3 py-2 text-sm font-semibold text-white hover:bg-stone-900 disabled:opacity-50"
          >
            Change
          </button>
        </form>
      </div>
      <p className="text-xs text-stone-600">
        {full
          ? `This design has ${design.maxResults} results, the most one design holds.`
          : `Up to ${design.maxResults} results per design.`}{' '}
        The one you pick is the one we email.
      </p>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
