// The footer (seed 000 §2): the seed's anchors, the newsletter field, 'Join as Contractor' and social links.
import { lazy, useState, type FormEvent } from 'react';
import { Link } from '#web/lib/router';
import { TOWN_NAMES, TOWN_SLUGS, townPath } from '#shared/pages';
import { FormMessage } from '#web/components/ui/form-field';
import { useSubmit } from '../hooks/use-submit';
import { MountOnceOpened } from '#web/components/ui/mount-once-opened';

// The dialog (with Radix and Zod), the form's schema and its API call load when used, not with every page.
const JoinContractorDialog = lazy(() => import('./join-contractor-dialog').then((module) => ({ default: module.JoinContractorDialog })));
const loadSiteSchemas = () => import('#shared/site.schema');
const subscribeToNewsletter = (email: string) =>
  import('../api/subscribe-to-newsletter').then((module) => module.subscribeToNewsletter(email));

const SOCIAL = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'Pinterest', href: 'https://www.pinterest.com/' },
] as const;

export function SiteFooter() {
  return (
    <footer className="bg-stone-950 px-4 py-14 text-stone-300">
      <div className="mx-auto grid max-w-6xl gap-10 md:grid-cols-4">
        <div id="about">
          <p className="text-lg font-bold text-white">MetroWest AI Renovations</p>
          <p className="mt-2 text-sm">AI room redesigns for homeowners in MetroWest, Massachusetts.</p>
          <Link to="/about" className="mt-2 inline-block text-sm text-teal-300 hover:underline">
            About us
          </Link>
        </div>
        <nav aria-label="Footer">
          <p className="font-semibold text-white">Explore</p>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a href="/#how-it-works" className="hover:text-white">
                How It Works
              </a>
            </li>
            <li>
              <a href="/#inspiration-feed" className="hover:text-white">
                Inspiration
              </a>
            </li>
            <li>
              <Link to="/try-ai" className="hover:text-white">
                Try the AI designer
              </Link>
            </li>
            {TOWN_SLUGS.map((slug) => (
              <li key={slug}>
                <Link to={townPath(slug)} className="hover:text-white">
                  {TOWN_NAMES[slug]}, MA
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div id="contact">
          <p className="font-semibold text-white">Contact</p>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to="/contact" className="hover:text-white">
                Contact us
              </Link>
            </li>
            <li>
              <Link id="terms" to="/terms" className="hover:text-white">
                Terms of Service
              </Link>
            </li>
            <li>
              <Link id="privacy" to="/privacy" className="hover:text-white">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link id="cookies" to="/cookies" className="hover:text-white">
                Cookie Policy
              </Link>
            </li>
          </ul>
          <ul className="mt-4 flex gap-3 text-sm" aria-label="Social media">
            {SOCIAL.map((network) => (
              <li key={network.name}>
                <a href={network.href} rel="noopener noreferrer" target="_blank" className="hover:text-white">
                  {network.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="space-y-5">
          <NewsletterForm />
          <div>
            <p className="mb-2 text-sm">Are you a MetroWest contractor?</p>
            <JoinContractor />
          </div>
        </div>
      </div>
      <p className="mx-auto mt-10 max-w-6xl text-xs text-stone-400">
        © {new Date().getFullYear()} MetroWest AI Renovations. Serving MetroWest, Massachusetts.
      </p>
    </footer>
  );
}

function JoinContractor() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="rounded-lg border border-white/30 px-4 py-2 font-semibold hover:bg-white/10"
      >
        Join as Contractor
      </button>
      <MountOnceOpened open={open}>
        <JoinContractorDialog open={open} onOpenChange={setOpen} />
      </MountOnceOpened>
    </>
  );
}

function NewsletterForm() {
  const [email, setEmail] = useState('');
  const { state, run, fail } = useSubmit();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { newsletterSubscribeSchema } = await loadSiteSchemas();
    const parsed = newsletterSubscribeSchema.safeParse({ email });
    if (!parsed.success) return fail(parsed.error.issues[0].message);
    if (await run(() => subscribeToNewsletter(parsed.data.email))) setEmail('');
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Newsletter">
      <label htmlFor="newsletter-email" className="font-semibold text-white">
        Design tips in your inbox
      </label>
      <div className="mt-3 flex gap-2">
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="min-w-0 flex-1 rounded-lg border border-stone-700 bg-stone-900 px-3 py-2 text-white placeholder:text-stone-500"
        />
        <button
          type="submit"
          disabled={state.status === 'sending'}
          className="rounded-lg bg-teal-500 px-4 py-2 font-semibold text-stone-950 hover:bg-teal-400 disabled:opacity-60"
        >
          Subscribe
        </button>
      </div>
      <div className="mt-2" aria-live="polite">
        {state.status === 'done' && <FormMessage kind="success">{state.message}</FormMessage>}
        {state.status === 'failed' && <FormMessage kind="error">{state.error}</FormMessage>}
      </div>
    </form>
  );
}
