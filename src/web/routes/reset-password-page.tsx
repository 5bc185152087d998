// /reset-password?token=…: the page a password reset email links to. The new password twice; on success
// every device is signed out (the server does that) and the sign-in dialog opens for the new password.
// A used or expired link says so and offers a new one.
import { useState, type FormEvent } from 'react';
import { passwordSchema } from '#shared/auth.schema';
import { ACCOUNT_MESSAGES } from '#shared/messages';
import { FormMessage, TextInput } from '#web/components/ui/form-field';
import { useWorkflow } from '#web/features/workflow';
import { authClient } from '#web/lib/auth-client';
import { useSearchParams } from '#web/lib/router';
import { StaticPageLayout } from './static-page-layout';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { showSignIn } = useWorkflow();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'invalid-link'>(token ? 'idle' : 'invalid-link');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) return setProblem(parsed.error.issues[0].message);
    if (password !== repeat) return setProblem(ACCOUNT_MESSAGES.passwordsDiffer);
    setProblem(null);
    setState('busy');
    try {
      const result = await authClient.resetPassword({ newPassword: password, token });
      if (result.error) {
        if (result.error.code === 'INVALID_TOKEN') return setState('invalid-link');
        setProblem(result.error.message ?? ACCOUNT_MESSAGES.resetLinkInvalid);
        return setState('idle');
      }
      setState('done');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setState('idle');
    }
  }

  return (
    <StaticPageLayout title="Choose a New Password">
      {state === 'done' && (
        <>
          <FormMessage kind="success">{ACCOUNT_MESSAGES.passwordReset}</FormMessage>
          <button
            type="button"
            onClick={showSignIn}
            className="rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800"
          >
            Sign In
          </button>
        </>
      )}
      {state === 'invalid-link' && (
        <>
          <FormMessage kind="error">{ACCOUNT_MESSAGES.resetLinkInvalid}</FormMessage>
          <button
            type="button"
            onClick={showSignIn}
            className="rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800"
          >
            Sign In or Reset Again
          </button>
        </>
      )}
      {(state === 'idle' || state === 'busy') && (
        <form onSubmit={submit} className="max-w-md space-y-4" noValidate>
          <TextInput
            label="New password"
            id="reset-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <TextInput
            label="New password again"
            id="reset-password-repeat"
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
          />
          {problem && <FormMessage kind="error">{problem}</FormMessage>}
          <button
            type="submit"
            disabled={state === 'busy'}
            className="w-full rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
          >
            {state === 'busy' ? 'Please wait...' : 'Set New Password'}
          </button>
        </form>
      )}
    </StaticPageLayout>
  );
}
