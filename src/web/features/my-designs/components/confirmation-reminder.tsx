// Shown while a design email waits for the homeowner to confirm their address: what to do, and the link
// again when the first did not arrive.
import { useState } from 'react';
import { useCurrentUser } from '#web/features/auth';
import { resendConfirmation } from '../api/resend-confirmation';

export function ConfirmationReminder() {
  const { user } = useCurrentUser();
  const [answer, setAnswer] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function resend() {
    setBusy(true);
    try {
      setAnswer({ kind: 'status', text: (await resendConfirmation()).message });
    } catch (error) {
      setAnswer({ kind: 'alert', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mb-6 rounded-xl bg-amber-50 p-4 text-amber-950">
      <p>
        We sent a confirmation link to <strong>{user?.email}</strong>. Open it and your full designs are emailed to you straight away.
      </p>
      <button
        type="button"
        onClick={() => void resend()}
        disabled={busy}
        className="mt-2 rounded-lg border border-amber-800 px-3 py-1.5 text-sm font-semibold hover:bg-amber-100 disabled:opacity-60"
      >
        {busy ? 'Sending…' : 'Send the link again'}
      </button>
      {answer && (
        <p role={answer.kind} className="mt-2 text-sm">
          {answer.text}
        </p>
      )}
    </div>
  );
}
