// The sign-in / sign-up modal (seed 000 §2 "Modals and flows" 2): one dialog with two modes;
// switching mode clears the error. Sign-up asks for full name, email and a password (show/hide).
// "Forgot password?" turns it into a third mode that asks for the email and sends a reset link.
import { useState, type FormEvent } from 'react';
import { signInSchema, signUpSchema } from '#shared/auth.schema';
import { ACCOUNT_MESSAGES, HOMEOWNER_MESSAGES } from '#shared/messages';
import { Field, inputClass } from '#web/components/ui/form-field';
import { Modal } from '#web/components/ui/modal';
import { announceSignIn, authClient } from '#web/lib/auth-client';

type Mode = 'sign-in' | 'sign-up' | 'forgot';

type Props = {
  open: boolean;
  /** Called when the person closes the dialog without signing in. */
  onOpenChange: (open: boolean) => void;
  /** Called after a successful sign-in or sign-up; the caller closes the dialog. */
  onSignedIn: () => void;
};

export function AuthDialog({ open, onOpenChange, onSignedIn }: Props) {
  const [mode, setMode] = useState<Mode>('sign-in');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const switchMode = (next: Mode = mode === 'sign-in' ? 'sign-up' : 'sign-in') => {
    setMode(next);
    setError(null);
    setNotice(null);
  };

  async function requestReset(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = signInSchema.shape.email.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setBusy(true);
    try {
      const result = await authClient.requestPasswordReset({ email: email.trim() });
      if (result.error) return setError(result.error.message || HOMEOWNER_MESSAGES.authGenericError);
      setNotice(ACCOUNT_MESSAGES.resetRequested);
    } catch {
      setError(HOMEOWNER_MESSAGES.authServiceUnavailable);
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = mode === 'sign-up' ? signUpSchema.safeParse({ name, email, password }) : signInSchema.safeParse({ email, password });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setBusy(true);
    try {
      const result =
        mode === 'sign-up'
          ? await authClient.signUp.email({ name: name.trim(), email: email.trim(), password })
          : await authClient.signIn.email({ email: email.trim(), password });
      if (result.error) {
        setError(result.error.message || HOMEOWNER_MESSAGES.authGenericError);
        return;
      }
      announceSignIn();
      setPassword('');
      onSignedIn();
    } catch {
      setError(HOMEOWNER_MESSAGES.authServiceUnavailable);
    } finally {
      setBusy(false);
    }
  }

  const emailField = (
    <Field label="Email" id="auth-email">
      <input
        id="auth-email"
        type="email"
        className={inputClass}
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
    </Field>
  );

  if (mode === 'forgot') {
    return (
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title="Reset Your Password"
        description="We will email you a link to choose a new one."
      >
        <form className="space-y-4" onSubmit={requestReset} noValidate>
          {emailField}
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}
          {notice && (
            <p role="status" className="rounded-lg bg-teal-50 px-3 py-2 text-sm text-teal-900">
              {notice}
            </p>
          )}
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
          >
            {busy ? 'Please wait...' : 'Send Reset Link'}
          </button>
        </form>
        <p className="mt-4 text-center text-sm text-stone-600">
          <button type="button" className="font-semibold text-teal-700 hover:underline" onClick={() => switchMode('sign-in')}>
            Back to Sign In
          </button>
        </p>
      </Modal>
    );
  }

  const title = mode === 'sign-in' ? 'Sign In' : 'Create Your Account';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={
        mode === 'sign-in' ? 'Welcome back. Sign in to redesign your space.' : 'Join MetroWest homeowners reimagining their homes with AI.'
      }
    >
      <form className="space-y-4" onSubmit={submit} noValidate>
        {mode === 'sign-up' && (
          <Field label="Full name" id="auth-name">
            <input id="auth-name" className={inputClass} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
        )}
        {emailField}
        <Field label="Password" id="auth-password">
          <div className="relative">
            <input
              id="auth-password"
              type={showPassword ? 'text' : 'password'}
              className={`${inputClass} pr-16`}
              autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <button
              type="button"
              className="absolute inset-y-0 right-2 my-auto h-8 rounded px-2 text-sm text-teal-700 hover:bg-teal-50"
              onClick={() => setShowPassword(!showPassword)}
              aria-label={showPassword ? 'Hide password' : 'Show password'}
            >
              {showPassword ? 'Hide' : 'Show'}
            </button>
          </div>
        </Field>
        {mode === 'sign-in' && (
          <p className="-mt-2 text-right text-sm">
            <button type="button" className="text-teal-700 hover:underline" onClick={() => switchMode('forgot')}>
              Forgot password?
            </button>
          </p>
        )}
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
        >
          {busy ? 'Please wait...' : mode === 'sign-in' ? 'Sign In' : 'Sign Up'}
        </button>
      </form>
      <p className="mt-4 text-center text-sm text-stone-600">
        {mode === 'sign-in' ? "Don't have an account? " : 'Already have an account? '}
        <button type="button" className="font-semibold text-teal-700 hover:underline" onClick={() => switchMode()}>
          {mode === 'sign-in' ? 'Sign Up' : 'Sign In'}
        </button>
      </p>
    </Modal>
  );
}
