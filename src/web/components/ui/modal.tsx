// The one modal frame (Radix Dialog): overlay, centred panel, title, optional description, close button,
// and an optional footer for the primary action. The body scrolls; the footer does not, so the action
// stays on screen on a phone however long the body is (a form's submit button names its form with
// `form="…"` to live there).
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** Tailwind max-width class of the panel. */
  width?: string;
  /** False hides the close button (e.g. while a render runs, the overlay has its own). */
  closable?: boolean;
  /** The primary action (and its companions), always visible under the scrolling body. */
  footer?: ReactNode;
  children: ReactNode;
};

export function Modal({ open, onOpenChange, title, description, width = 'max-w-md', closable = true, footer, children }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content
          className={`fixed left-1/2 top-1/2 z-50 flex max-h-[92dvh] w-[calc(100%-2rem)] ${width} -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white text-stone-900 shadow-xl`}
        >
          <div className="overflow-y-auto p-6">
            <Dialog.Title className="pr-8 text-2xl font-semibold">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="mt-1 text-sm text-stone-600">{description}</Dialog.Description>
            ) : (
              <Dialog.Description className="sr-only">{title}</Dialog.Description>
            )}
            <div className="mt-5">{children}</div>
          </div>
          {footer && <div className="border-t border-stone-200 px-6 py-4">{footer}</div>}
          {closable && (
            <Dialog.Close className="absolute right-4 top-4 rounded p-1 text-stone-500 hover:bg-stone-100" aria-label="Close">
              ✕
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
