// An accessible confirmation in place of window.confirm: the seed's question in a dialog with a labelled
// confirm button and Cancel. `const { confirm, dialog } = useConfirmDialog()`; render `dialog`, then
// `if (!(await confirm(question, 'Delete'))) return;`.
import { useCallback, useState, type ReactNode } from 'react';
import { Modal } from './modal';

type Request = { question: string; confirmLabel: string; resolve: (confirmed: boolean) => void };

export function useConfirmDialog(): { confirm: (question: string, confirmLabel?: string) => Promise<boolean>; dialog: ReactNode } {
  const [request, setRequest] = useState<Request | null>(null);
  const confirm = useCallback(
    (question: string, confirmLabel = 'Confirm') => new Promise<boolean>((resolve) => setRequest({ question, confirmLabel, resolve })),
    [],
  );
  const answer = (confirmed: boolean) => {
    request?.resolve(confirmed);
    setRequest(null);
  };
  const dialog = request && (
    <Modal open onOpenChange={(open) => !open && answer(false)} title="Please confirm">
      <p className="text-stone-800">{request.question}</p>
      <div className="mt-5 flex justify-end gap-3">
        <button type="button" onClick={() => answer(false)} className="rounded-lg px-4 py-2 hover:bg-stone-100">
          Cancel
        </button>
        <button
          type="button"
          autoFocus
          onClick={() => answer(true)}
          className="rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800"
        >
          {request.confirmLabel}
        </button>
      </div>
    </Modal>
  );
  return { confirm, dialog };
}
