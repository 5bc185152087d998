// The landing hero (seed 000 §2): full-screen, signed-out and signed-in variants, the Framingham link
// and before/after cards.
import { Link } from '#web/lib/router';
import { MARKETING_CLAIMS } from '#shared/constants';
import { townPath } from '#shared/pages';
import { useCurrentUser } from '#web/features/auth';
import { useWorkflow } from '#web/features/workflow';
import { SiteHeader } from './site-header';

export function LandingHero({ headline, subline }: { headline?: string; subline?: string }) {
  const { user } = useCurrentUser();
  const { startWorkflow } = useWorkflow();

  return (
    <section className="flex min-h-screen flex-col bg-gradient-to-br from-stone-900 via-teal-950 to-stone-900 text-white">
      <SiteHeader />
      <div className="mx-auto grid w-full max-w-6xl flex-1 items-center gap-10 px-4 pb-16 pt-6 md:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-teal-300">Exclusively for MetroWest homeowners</p>
          <h1 className="mt-3 text-4xl font-bold leading-tight md:text-5xl">{headline ?? 'See your own room, reimagined by AI'}</h1>
          <p className="mt-4 max-w-prose text-lg text-stone-200">
            {subline ??
              `Photograph a kitchen, a backyard or any room in your MetroWest, Massachusetts home, pick a style, and see it redesigned in seconds. Join ${MARKETING_CLAIMS.homeowners} homeowners and ${MARKETING_CLAIMS.transformations} transformations.`}
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <button
              type="button"
              onClick={startWorkflow}
              className="rounded-xl bg-teal-500 px-6 py-3.5 text-lg font-semibold text-stone-950 hover:bg-teal-400"
            >
              {user ? 'Upload Your Space' : 'Sign In to Upload'}
            </button>
            <Link to={townPath('framingham')} className="text-teal-200 underline-offset-4 hover:underline">
              AI home renovations in Framingham, MA
            </Link>
          </div>
          {!user && (
            <p className="mt-4 text-sm text-stone-300">
              This service is exclusively for homeowners in the MetroWest area of Massachusetts. Sign in to upload a photo of your space.
            </p>
          )}
        </div>
        <div aria-label="Before and after example" role="group" className="grid grid-cols-2 gap-4">
          <BeforeAfterCard label="Before" tone="from-stone-500 to-stone-700" />
          <BeforeAfterCard label="After" tone="from-teal-300 to-amber-200" />
        </div>
      </div>
    </section>
  );
}

function BeforeAfterCard({ label, tone }: { label: string; tone: string }) {
  return (
    <figure
      className={`relative flex aspect-[3/4] flex-col justify-end overflow-hidden rounded-2xl bg-gradient-to-br ${tone} p-4 shadow-lg`}
    >
      <div aria-hidden className="absolute inset-x-6 bottom-16 top-10 rounded-lg border-2 border-white/40" />
      <figcaption className="relative text-sm font-bold uppercase tracking-wide text-stone-950/80">{label}</figcaption>
    </figure>
  );
}
