// /account: change the password (the current one first; other devices signed out unless the person says
// otherwise), and sign out on every device at once (a lost phone, a shared computer).
import { useState, type FormEvent } from 'react';
import { passwordSchema } from '#shared/auth.schema';
import { ACCOUNT_MESSAGES, HOMEOWNER_MESSAGES } from '#shared/messages';
import { FormMessage, TextInput } from '#web/components/ui/form-field';
import { announceSignOut, authClient } from '#web/lib/auth-client';

export function PasswordSection() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  async function change(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordSchema.safeParse(next);
    if (!parsed.success) return setMessage({ kind: 'error', text: parsed.error.issues[0].message });
    setBusy(true);
    setMessage(null);
    try {
      const result = await authClient.changePassword({ currentPassword: current, newPassword: next, revokeOtherSessions: signOutOthers });
      if (result.error) {
        const wrong = result.error.code === 'INVALID_PASSWORD';
        return setMessage({
          kind: 'error',
          text: wrong ? ACCOUNT_MESSAGES.wrongCurrentPassword : (result.error.message ?? String(result.error)),
        });
      }
      setCurrent('');
      setNext('');
      setMessage({ kind: 'success', text: ACCOUNT_MESSAGES.passwordChanged });
    } catch {
      setMessage({ kind: 'error', text: HOMEOWNER_MESSAGES.authServiceUnavailable });
    } finally {
      setBusy(false);
    }
  }

  async function signOutEverywhere() {
    setBusy(true);
    const result = await authClient.revokeSessions().catch(() => ({ error: { message: HOMEOWNER_MESSAGES.authServiceUnavailable } }));
    if (result.error) {
      setBusy(false);
      return setMessage({ kind: 'error', text: result.error.message ?? String(result.error) });
    }
    // This device's session went with the others: forget the cookie and tell the other tabs.
    await authClient.signOut().catch(() => undefined);
    announceSignOut();
    window.location.assign('/?signed-out=everywhere');
  }

  return (
    <section aria-labelledby="password-heading">
      <h2 id="password-heading">Password and devices</h2>
      <form onSubmit={change} className="mt-3 max-w-md space-y-3" noValidate>
        <TextInput
          label="Current password"
          id="current-password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <TextInput
          label="New password"
          id="new-password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={signOutOthers}
            onChange={(event) => setSignOutOthers(event.target.checked)}
            className="h-4 w-4 accent-teal-700"
          />
          Sign out my other devices
        </label>
        {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
        <button
          type="submit"
          disabled={busy || !current || !next}
          className="rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
        >
          Change password
        </button>
      </form>
      <p className="mt-6">Signed in somewhere you no longer use? End every session, this one included.</p>
      <button
        type="button"
        onClick={() => void signOutEverywhere()}
        disabled={busy}
        className="mt-2 rounded-lg border border-stone-400 px-4 py-2 font-semibold hover:bg-stone-100 disabled:opacity-60"
      >
        Sign out everywhere
      </button>
    </section>
  );
}
