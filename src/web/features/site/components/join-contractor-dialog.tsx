// 'Join as Contractor': local contractors apply; admins review the applications. The footer holds the
// button that opens it, so this dialog's code loads only when someone clicks.
import { useState, type FormEvent } from 'react';
import { contractorApplicationSchema } from '#shared/site.schema';
import { FormMessage, TextArea, TextInput } from '#web/components/ui/form-field';
import { Modal } from '#web/components/ui/modal';
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

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) reset();
  };
  const done = state.status === 'done';
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Join as Contractor"
      width="max-w-lg"
      description="Receive qualified renovation leads from MetroWest homeowners who have already visualised their project."
      footer={
        done ? (
          <button
            type="button"
            onClick={() => close(false)}
            className="w-full rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800"
          >
            Close
          </button>
        ) : (
          <button
            type="submit"
            form="join-contractor-form"
            disabled={state.status === 'sending'}
            className="w-full rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
          >
            {state.status === 'sending' ? 'Sending...' : 'Send Application'}
          </button>
        )
      }
    >
      {done ? (
        <FormMessage kind="success">{state.message}</FormMessage>
      ) : (
        <form id="join-contractor-form" className="space-y-3" onSubmit={submit} noValidate>
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
          <TextInput label="Trade" id="apply-trade" placeholder="e.g. Kitchen remodeling" value={form.trade} onChange={update('trade')} />
          <TextInput
            label="Service area"
            id="apply-area"
            placeholder="Towns or ZIP codes you serve"
            value={form.serviceArea}
            onChange={update('serviceArea')}
          />
          <TextArea label="Anything else (optional)" id="apply-message" value={form.message} onChange={update('message')} />
          {state.status === 'failed' && <FormMessage kind="error">{state.error}</FormMessage>}
        </form>
      )}
    </Modal>
  );
}
