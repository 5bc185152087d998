// Back-office feedback (sonner): a finished action says so in a toast that goes away by itself; a failed one
// says why inline, next to the control that failed, until the next try. `useAction` runs an action with
// both, so a screen never writes the try/catch/notice dance itself.
import { useState } from 'react';
import { Toaster as SonnerToaster, toast } from 'sonner';

/** Mounted once per back-office page (admin panel, contractor dashboard). */
export function Toaster() {
  return <SonnerToaster position="bottom-right" richColors closeButton duration={5000} />;
}

export function toastSuccess(text: string): void {
  toast.success(text);
}

const messageOf = (thrown: unknown) => (thrown instanceof Error ? thrown.message : String(thrown));

export type ActionOutcome<T> = { ok: true; value: T } | { ok: false };

/**
 * `run(action, success, failure)` clears the last error, runs the action, and toasts `success` (a text, or
 * one made from the result) when it worked; when it threw, `error` holds its message (or `failure` when the
 * error has none). It resolves to `{ ok: true, value }` or `{ ok: false }`.
 */
export function useAction() {
  const [error, setError] = useState<string | null>(null);
  async function run<T>(
    action: () => Promise<T>,
    success?: string | ((result: T) => string | null),
    failure?: string,
  ): Promise<ActionOutcome<T>> {
    setError(null);
    try {
      const value = await action();
      const text = typeof success === 'function' ? success(value) : success;
      if (text) toastSuccess(text);
      return { ok: true, value };
    } catch (thrown) {
      setError(messageOf(thrown) || failure || null);
      return { ok: false };
    }
  }
  return { error, run };
}
