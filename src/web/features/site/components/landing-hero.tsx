// The landing hero (seed 000 §2): full-screen, signed-out and signed-in variants, the Framingham link
// and a real before/after.
import { Link } from '#web/lib/router';
import { townPath } from '#shared/pages';
import { useCurrentUser } from '#web/features/auth';
import { useWorkflow } from '#web/features/workflow';
import { SiteHeader } from './site-header';
import { HERO_DEFAULT, HERO_DEFAULT_DIR, heroCaption, OFFLINE_PREVIEW_CREDIT } from '#shared/hero';

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
              `Photograph a kitchen, a backyard or any room in your MetroWest, Massachusetts home, pick a style, and see it redesigned in seconds.`}
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
        <HeroBeforeAfter />
      </div>
    </section>
  );
}

/**
 * A real room and its redesign: the shipped example (made by the offline preview engine) or the community
 * design an admin picked, which the server writes into this markup as it sends the page (hero-page.ts). The
 * client keeps what the server wrote, hence suppressHydrationWarning on exactly those elements.
 */
function HeroBeforeAfter() {
  const caption = heroCaption({ ...HERO_DEFAULT, madeBy: OFFLINE_PREVIEW_CREDIT });
  return (
    <figure aria-label="Before and after example" role="group">
      <div className="grid grid-cols-2 gap-4">
        <HeroImage side="before" label="Before" alt="A real room before its redesign" />
        <HeroImage side="after" label="After" alt="The same room redesigned" />
      </div>
      <figcaption className="mt-3 text-sm text-stone-300" data-testid="hero-caption" suppressHydrationWarning>
        {caption}
      </figcaption>
    </figure>
  );
}

const HERO_SIZES = '(min-width: 768px) 290px, 45vw';
const srcSet = (side: 'before' | 'after', format: string) =>
  [480, 800].map((width) => `${HERO_DEFAULT_DIR}${side}-${width}.${format} ${width}w`).join(', ');

function HeroImage({ side, label, alt }: { side: 'before' | 'after'; label: string; alt: string }) {
  return (
    <div className="relative overflow-hidden rounded-2xl shadow-lg">
      <picture>
        <source type="image/avif" srcSet={srcSet(side, 'avif')} sizes={HERO_SIZES} suppressHydrationWarning />
        <source type="image/webp" srcSet={srcSet(side, 'webp')} sizes={HERO_SIZES} suppressHydrationWarning />
        <img
          src={`${HERO_DEFAULT_DIR}${side}-480.jpg`}
          srcSet={srcSet(side, 'jpg')}
          sizes={HERO_SIZES}
          width={480}
          height={640}
          alt={alt}
          // The two halves are the page's largest images, of one size: whichever paints first is the Largest
          // Contentful Paint (the "before", first in the page, as often as not), so both are fetched first.
          fetchPriority="high"
          loading="eager"
          decoding="async"
          className="block aspect-[3/4] h-auto w-full object-cover"
          suppressHydrationWarning
        />
      </picture>
      <span className="absolute left-3 top-3 rounded bg-black/60 px-2 py-1 text-xs font-bold uppercase tracking-wide text-white">
        {label}
      </span>
    </div>
  );
}
