// The home page's marketing sections: How It Works, Why Choose, and the inspiration feed's place
// (visitors see the seed's sign-in prompt and no feed request is made).
import { lazy, Suspense, useRef } from 'react';
import { useCurrentUser } from '#web/features/auth';
import { useWorkflow } from '#web/features/workflow';
import { useMarketingClaims } from '../hooks/use-marketing-claims';

// Signed-in visitors only: the feed (with its quote dialog) loads then.
const CommunityFeed = lazy(() =>
  import('#web/features/feed/components/community-feed').then((module) => ({ default: module.CommunityFeed })),
);

const STEPS = [
  { title: 'Confirm your ZIP', text: 'We serve homeowners in 63 MetroWest ZIP codes, from Framingham to Wellesley.' },
  { title: 'Upload a photo', text: 'Snap your kitchen, living room or backyard with your phone, or upload one you have.' },
  { title: 'Pick a style', text: 'Choose a design style or describe your own, and pick the AI engine that suits you.' },
  { title: 'See your new space', text: 'Get your redesigned room in moments, and the full-resolution images by email.' },
] as const;

const REASONS = [
  {
    title: 'Your room, not a stock photo',
    text: 'Every design starts from your own photo, so the layout, windows and doors stay where they are.',
  },
  { title: 'Made for MetroWest homes', text: 'Styles chosen for New England capes, colonials, ranches and Victorians.' },
  { title: 'Free to try', text: 'Upload, redesign and download your images at no cost.' },
  { title: 'Local contractors (coming soon)', text: 'Soon you can turn a design into free quotes from vetted MetroWest contractors.' },
] as const;

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="bg-stone-50 px-4 py-20">
      <div className="mx-auto max-w-6xl">
        <h2 id="how-title" className="text-center text-3xl font-bold">
          How It Works
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-white p-6 shadow-sm">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-teal-700 font-bold text-white">{index + 1}</span>
              <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-stone-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function WhyChoose() {
  const section = useRef<HTMLElement>(null);
  const claims = useMarketingClaims(section);
  return (
    <section ref={section} aria-labelledby="why-title" className="bg-white px-4 py-20">
      <div className="mx-auto max-w-6xl">
        <h2 id="why-title" className="text-center text-3xl font-bold">
          Why Choose MetroWest AI Renovations
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-stone-700">
          {claims
            ? `Trusted by ${claims.homeowners} homeowners, with ${claims.transformations} transformations and counting.`
            : 'Made for MetroWest homes, and free to try on a photo of your own room.'}
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map((reason) => (
            <li key={reason.title} className="rounded-2xl border border-stone-200 p-6">
              <h3 className="text-lg font-semibold">{reason.title}</h3>
              <p className="mt-2 text-stone-700">{reason.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function InspirationFeed() {
  const { user } = useCurrentUser();
  const { showSignIn } = useWorkflow();
  return (
    <section id="inspiration-feed" aria-labelledby="feed-title" className="bg-stone-900 px-4 py-20 text-white">
      <div className="mx-auto max-w-6xl text-center">
        <h2 id="feed-title" className="text-3xl font-bold">
          Community Designs
        </h2>
        <p className="mt-3 text-stone-300">Before and after designs from homeowners across MetroWest.</p>
        {user ? (
          <Suspense fallback={null}>
            <CommunityFeed />
          </Suspense>
        ) : (
          <div className="mt-8">
            <button
              type="button"
              onClick={showSignIn}
              className="rounded-xl bg-white px-6 py-3 font-semibold text-stone-900 hover:bg-stone-100"
            >
              Sign In to View Community Designs
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
