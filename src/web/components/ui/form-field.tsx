// Labelled inputs shared by every form: one look, one way to tie a label to its control.
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

export const inputClass =
  'w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-900 focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30';

export function Field({ label, id, hint, children }: { label: string; id: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-700">
        {label}
      </label>
      {children}
      {hint && <div className="mt-1 text-xs text-stone-500">{hint}</div>}
    </div>
  );
}

export function TextInput({
  label,
  id,
  hint,
  ...props
}: { label: string; id: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} id={id} hint={hint}>
      <input id={id} className={inputClass} {...props} />
    </Field>
  );
}

export function TextArea({
  label,
  id,
  hint,
  ...props
}: { label: string; id: string; hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} id={id} hint={hint}>
      <textarea id={id} className={`${inputClass} min-h-28`} {...props} />
    </Field>
  );
}

export function FormMessage({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <p
      role={kind === 'error' ? 'alert' : 'status'}
      className={`rounded-lg px-3 py-2 text-sm ${kind === 'error' ? 'bg-red-50 text-red-700' : 'bg-teal-50 text-teal-900'}`}
    >
      {children}
    </p>
  );
}
