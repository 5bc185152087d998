// /contact: a message form that the server stores for the team.
import { useState, type FormEvent } from 'react';
import { FormMessage, TextArea, TextInput } from '#web/components/ui/form-field';
import { sendContactMessage } from '#web/features/site/api/send-contact-message';
import { useSubmit } from '#web/features/site/hooks/use-submit';
import { StaticPageLayout } from './static-page-layout';

const EMPTY = { name: '', email: '', message: '' };

export function ContactPage() {
  const [form, setForm] = useState(EMPTY);
  const { state, run, fail } = useSubmit();

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The schema (and Zod) load on the first send, not with the page.
    const { contactMessageSchema } = await import('#shared/site.schema');
    const parsed = contactMessageSchema.safeParse(form);
    if (!parsed.success) return fail(parsed.error.issues[0].message);
    if (await run(() => sendContactMessage(parsed.data))) setForm(EMPTY);
  }

  return (
    <StaticPageLayout
      title="Contact Us"
      intro="Questions about your design, your data or working with us? We reply within one business day."
    >
      <form onSubmit={submit} noValidate className="space-y-4 rounded-2xl bg-white p-6 shadow-sm">
        <TextInput
          label="Name"
          id="contact-name"
          autoComplete="name"
          value={form.name}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
        />
        <TextInput
          label="Email"
          id="contact-email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={(event) => setForm({ ...form, email: event.target.value })}
        />
        <TextArea
          label="Message"
          id="contact-message"
          value={form.message}
          onChange={(event) => setForm({ ...form, message: event.target.value })}
        />
        {state.status === 'done' && <FormMessage kind="success">{state.message}</FormMessage>}
        {state.status === 'failed' && <FormMessage kind="error">{state.error}</FormMessage>}
        <button
          type="submit"
          disabled={state.status === 'sending'}
          className="rounded-lg bg-teal-700 px-5 py-3 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
        >
          {state.status === 'sending' ? 'Sending...' : 'Send Message'}
        </button>
      </form>
    </StaticPageLayout>
  );
}
