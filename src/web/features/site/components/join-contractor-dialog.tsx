// 'Join as Contractor': local contractors apply; admins review the applications. The footer holds the
// button that opens it, so this dialog's code loads only when someone clicks.
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { contractorApplicationSchema } from '#shared/site.schema';
import { FormMessage, TextArea, TextInput } from '#web/components/ui/form-field';
import { applyAsContractor } from '../api/apply-as-contractor';
import { useSubmit } from '../hooks/use-submit';

const EMPTY = { name: '', company: '', email: '', phone: '', trade: '', serviceArea: '', message: '' };

export function JoinContractorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState(EMPTY);
  const { state, run, fail, reset } = useSubmit();
  const update = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = contractorApplicationSchema.safeParse(form);
    if (!parsed.success) return fail(parsed.error.issues[0].message);
    if (await run(() => applyAsContractor(form))) setForm(EMPTY);
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-stone-900 shadow-xl">
          <Dialog.Title className="text-2xl font-semibold">Join as Contractor</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-stone-600">
            Receive qualified renovation leads from MetroWest homeowners who have already visualised their project.
          </Dialog.Description>
          {state.status === 'done' ? (
            <div className="mt-5 space-y-4">
              <FormMessage kind="success">{state.message}</FormMessage>
              <Dialog.Close className="w-full rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800">
                Close
              </Dialog.Close>
            </div>
          ) : (
            <form className="mt-5 space-y-3" onSubmit={submit} noValidate>
              <TextInput label="Your name" id="apply-name" autoComplete="name" value={form.name} onChange={update('name')} />
              <TextInput label="Company" id="apply-company" autoComplete="organization" value={form.company} onChange={update('company')} />
              <TextInput label="Email" id="apply-email" type="email" autoComplete="email" value={form.email} onChange={update('email')} />
              <TextInput
                label="Phone (optional)"
                id="apply-phone"
                type="tel"
                autoComplete="tel"
                value={form.phone}
                onChange={update('phone')}
              />
              <TextInput
                label="Trade"
                id="apply-trade"
                placeholder="e.g. Kitchen remodeling"
                value={form.trade}
                onChange={update('trade')}
              />
              <TextInput
                label="Service area"
                id="apply-area"
                placeholder="Towns or ZIP codes you serve"
                value={form.serviceArea}
                onChange={update('serviceArea')}
              />
              <TextArea label="Anything else (optional)" id="apply-message" value={form.message} onChange={update('message')} />
              {state.status === 'failed' && <FormMessage kind="error">{state.error}</FormMessage>}
              <button
                type="submit"
                disabled={state.status === 'sending'}
                className="w-full rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
              >
                {state.status === 'sending' ? 'Sending...' : 'Send Application'}
              </button>
            </form>
          )}
          <Dialog.Close className="absolute right-4 top-4 rounded p-1 text-stone-500 hover:bg-stone-100" aria-label="Close">
            ✕
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
