// The phone side of 'QR Code Upload' (/m/{token}): take or choose a photo and send it to the design
// waiting on the computer. No sign-in here: the single-use link is the key.
import { useEffect, useState } from 'react';
import { useParams } from '#web/lib/router';
import { FormMessage } from '#web/components/ui/form-field';
import { checkPhoneLink } from '#web/features/render-workflow/api/check-phone-link';
import { sendPhonePhoto } from '#web/features/render-workflow/api/send-phone-photo';
import { ACCEPT_ATTRIBUTE, checkFileBeforeUpload } from '#web/features/render-workflow/upload-rules';

type State =
  { name: 'checking' } | { name: 'ready' } | { name: 'sending' } | { name: 'sent'; message: string } | { name: 'unusable'; error: string };

export function PhoneUploadPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ name: 'checking' });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    checkPhoneLink(token)
      .then(() => setState({ name: 'ready' }))
      .catch((failure: Error) => setState({ name: 'unusable', error: failure.message }));
  }, [token]);

  async function send(file: File | undefined) {
    if (!file) return;
    const problem = checkFileBeforeUpload(file);
    if (problem) return setError(problem);
    setError(null);
    setState({ name: 'sending' });
    try {
      setState({ name: 'sent', message: await sendPhonePhoto(token, file) });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setState({ name: 'ready' });
    }
  }

  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10 text-center">
      <h1 className="text-3xl font-bold">Send a Photo of Your Space</h1>
      <p className="mt-2 text-stone-600">MetroWest AI Renovations</p>
      <div className="mt-8 space-y-4">
        {state.name === 'checking' && <p className="text-stone-600">Checking your link…</p>}
        {state.name === 'unusable' && <FormMessage kind="error">{state.error}</FormMessage>}
        {state.name === 'sent' && <FormMessage kind="success">{state.message}</FormMessage>}
        {(state.name === 'ready' || state.name === 'sending') && (
          <>
            <label className="block cursor-pointer rounded-xl bg-teal-700 px-5 py-4 text-lg font-semibold text-white hover:bg-teal-800">
              {state.name === 'sending' ? 'Sending…' : 'Take a Photo'}
              <input
                type="file"
                accept="image/*"
                capture="environment"
                className="sr-only"
                disabled={state.name === 'sending'}
                onChange={(event) => void send(event.target.files?.[0])}
              />
            </label>
            <label className="block cursor-pointer rounded-xl border border-stone-300 px-5 py-4 font-semibold hover:bg-stone-100">
              Choose from Library
              <input
                type="file"
                accept={ACCEPT_ATTRIBUTE}
                className="sr-only"
                data-testid="phone-file-input"
                disabled={state.name === 'sending'}
                onChange={(event) => void send(event.target.files?.[0])}
              />
            </label>
            <p className="text-sm text-stone-600">Tip: good daylight and the whole room in view give the best design.</p>
            {error && <FormMessage kind="error">{error}</FormMessage>}
          </>
        )}
      </div>
    </main>
  );
}
