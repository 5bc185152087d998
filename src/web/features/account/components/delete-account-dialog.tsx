// The confirmation before an account is deleted: says what goes and what stays, and asks for the
// account email typed again, the same check the server makes.
import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES } from '#shared/messages';
import { FormMessage, TextInput } from '#web/components/ui/form-field';
import { Modal } from '#web/components/ui/modal';
import { ApiError } from '#web/lib/api-client';
import { deleteAccount } from '../api/delete-account';

export function DeleteAccountDialog({
  open,
  onOpenChange,
  email,
  onDeleted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  onDeleted: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!matches) {
      setError(typed.trim() ? ACCOUNT_MESSAGES.confirmEmailMismatch : ACCOUNT_MESSAGES.confirmEmailRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await deleteAccount({ confirmEmail: typed });
      onDeleted();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : ACCOUNT_MESSAGES.deleteFailed);
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title="Delete your account?"
      description="This cannot be undone."
    >
      <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
        <ul className="ml-5 list-disc space-y-1 text-sm text-stone-700">
          <li>Your photos and designs are deleted.</li>
          <li>You are signed out on every device and we stop emailing you.</li>
          <li>Requests you sent us stay with us without your name, email or phone.</li>
        </ul>
        <TextInput
          label={`Type ${email} to confirm`}
          id="confirm-email"
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {error && <FormMessage kind="error">{error}</FormMessage>}
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            disabled={busy}
            className="rounded-lg border border-stone-300 px-4 py-2 hover:bg-stone-100"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {busy ? 'Deleting…' : 'Delete my account'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
