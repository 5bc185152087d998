// /contractor-invite?token=…: a contractor invited by an admin sets a password, then signs in and
// lands on their dashboard.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from '#web/lib/router';
import { passwordSchema } from '#shared/auth.schema';
import { FormMessage, TextInput } from '#web/components/ui/form-field';
import { announceSignIn, authClient } from '#web/lib/auth-client';
import type { InvitationDetails as Invitation } from '#shared/back-office.schema';
import { acceptInvitation } from '#web/features/contractor-dashboard/api/accept-invitation';
import { fetchInvitation } from '#web/features/contractor-dashboard/api/get-invitation';

export function ContractorInvitePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    fetchInvitation(token)
      .then(setInvitation)
      .catch((error: Error) => setProblem(error.message));
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) return setProblem(parsed.error.issues[0].message);
    if (!invitation) return;
    setBusy(true);
    setProblem(null);
    try {
      await acceptInvitation(token, password);
      const signedIn = await authClient.signIn.email({ email: invitation.email, password });
      if (signedIn.error) throw new Error(signedIn.error.message);
      announceSignIn();
      navigate('/contractor-dashboard');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  }

  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      <h1 className="text-3xl font-bold">Join MetroWest AI Renovations</h1>
      {!token && (
        <div className="mt-6">
          <FormMessage kind="error">This invitation link is incomplete. Please use the link from your email.</FormMessage>
        </div>
      )}
      {invitation && (
        <form onSubmit={submit} className="mt-6 space-y-4 rounded-2xl bg-white p-6 shadow-sm" noValidate>
          <p className="text-stone-700">Welcome, {invitation.name}. Choose a password to open your contractor dashboard.</p>
          <TextInput label="Email" id="invite-email" value={invitation.email} readOnly aria-readonly />
          <TextInput
            label="Password"
            id="invite-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {problem && <FormMessage kind="error">{problem}</FormMessage>}
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
          >
            {busy ? 'Please wait...' : 'Set Password and Sign In'}
          </button>
        </form>
      )}
      {!invitation && problem && (
        <div className="mt-6">
          <FormMessage kind="error">{problem}</FormMessage>
        </div>
      )}
    </main>
  );
}
