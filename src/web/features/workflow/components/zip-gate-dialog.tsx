// 'Confirm Your Location' (seed 000 §2 and §5): digits only, at most five, submit disabled until
// exactly five; the service area is checked by the server. The check takes at least the seed's 1 s.
import { useState, type FormEvent } from 'react';
import { LIMITS, TIMERS_MS } from '#shared/constants';
import { PRODUCT_MESSAGES } from '#shared/messages';
import { Modal } from '#web/components/ui/modal';
import { checkZip } from '../api/check-zip';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onApproved: (zip: string) => void;
  suggestedZips: readonly string[];
};

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

export function ZipGateDialog({ open, onOpenChange, onApproved, suggestedZips }: Props) {
  const [zip, setZip] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (zip.length !== LIMITS.zipLength) return;
    setChecking(true);
    setError(null);
    try {
      const [result] = await Promise.all([checkZip(zip), wait(TIMERS_MS.zipCheck)]);
      if (result.approved) {
        setZip('');
        onApproved(result.zip);
      } else {
        setError(result.message ?? PRODUCT_MESSAGES.internalError);
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : PRODUCT_MESSAGES.internalError);
    } finally {
      setChecking(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Confirm Your Location"
      description="Our AI design service is available exclusively to homeowners in MetroWest, Massachusetts. Enter your ZIP code to continue."
    >
      <form className="space-y-4" onSubmit={submit} noValidate>
        <div>
          <label htmlFor="zip-code" className="mb-1 block text-sm font-medium text-stone-700">
            ZIP code
          </label>
          <input
            id="zip-code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={LIMITS.zipLength}
            placeholder="e.g. 01701"
            value={zip}
            onChange={(event) => {
              setZip(event.target.value.replace(/\D/g, '').slice(0, LIMITS.zipLength));
              setError(null);
            }}
            className="w-full rounded-lg border border-stone-300 px-3 py-2.5 text-lg tracking-widest focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30"
          />
        </div>
        {suggestedZips.length > 0 && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-stone-600">Your town:</span>
            {suggestedZips.map((suggestion) => (
              <button
                key={suggestion}
                type="button"
                onClick={() => setZip(suggestion)}
                className="rounded-full border border-teal-700/40 px-3 py-1 text-teal-800 hover:bg-teal-50"
              >
                {suggestion}
              </button>
            ))}
          </div>
        )}
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={zip.length !== LIMITS.zipLength || checking}
          className="w-full rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {checking ? 'Checking...' : 'Confirm ZIP Code'}
        </button>
      </form>
    </Modal>
  );
}
