// A town landing page, /{slug}-ma-ai-home-renovations: the town's own content around the same
// header, sign-in, ZIP gate and upload workflow as the home page, with the town's ZIP codes suggested.
import { useEffect } from 'react';
import { styleIllustrationAlt, type TownContent } from '#shared/towns';
import { LandingHero } from '#web/features/site/components/landing-hero';
import { SiteFooter } from '#web/features/site/components/site-footer';
import { UploadSection } from '#web/features/site/components/upload-section';
import { TownTestimonials } from '#web/features/site/components/town-testimonials';
import { useWorkflow } from '#web/features/workflow/components/workflow-provider';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('en-US');

export function TownPage({ town }: { town: TownContent }) {
  const { setSuggestedZips } = useWorkflow();
  useEffect(() => {
    setSuggestedZips(town.zipCodes);
    return () => setSuggestedZips([]);
  }, [town, setSuggestedZips]);

  return (
    <>
      <main>
        <LandingHero headline={town.headlines.main} subline={town.headlines.sub} />
        <section aria-labelledby="town-facts" className="bg-white px-4 py-16">
          <div className="mx-auto max-w-6xl">
            <h2 id="town-facts" className="text-3xl font-bold">
              Renovating in {town.name}, {town.state}
            </h2>
            <dl className="mt-8 grid gap-4 sm:grid-cols-3">
              <Fact label="Population" value={count.format(town.population)} />
              <Fact label="Typical home value" value={dollars.format(town.avgHomeValue)} />
              <Fact label="ZIP codes we serve" value={town.zipCodes.join(', ')} />
            </dl>
            <p className="mt-6 text-stone-700">
              Popular styles in {town.name}: <strong>{town.popularStyles.join(', ')}</strong>. Neighbourhoods include{' '}
              {town.neighbourhoods.join(', ')}.
            </p>
            <ul className="mt-8 grid gap-4 sm:grid-cols-2">
              {town.uniqueSellingPoints.map((point) => (
                <li key={point} className="rounded-xl border border-stone-200 p-5">
                  {point}
                </li>
              ))}
            </ul>
          </div>
        </section>
        <UploadSection />
        <section aria-labelledby="town-styles" className="bg-stone-50 px-4 py-16">
          <div className="mx-auto max-w-6xl">
            <h2 id="town-styles" className="text-3xl font-bold">
              {town.name} home styles
            </h2>
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {town.localArchitecturalStyles.map((style) => (
                <li key={style.name} className="overflow-hidden rounded-2xl bg-white shadow-sm">
                  <img
                    src={style.imageUrl}
                    alt={styleIllustrationAlt(style)}
                    width={400}
                    height={260}
                    className="h-auto w-full"
                    loading="lazy"
                  />
                  <div className="p-5">
                    <h3 className="text-lg font-semibold">{style.name}</h3>
                    <p className="mt-2 text-stone-700">{style.description}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
        <section aria-labelledby="town-trends" className="bg-white px-4 py-16">
          <div className="mx-auto max-w-6xl">
            <h2 id="town-trends" className="text-3xl font-bold">
              Renovation trends in {town.name}
            </h2>
            <ul className="mt-6 list-disc space-y-2 pl-6 text-stone-700">
              {town.localRenovationTrends.map((trend) => (
                <li key={trend}>{trend}</li>
              ))}
            </ul>
          </div>
        </section>
        <TownTestimonials slug={town.slug} townName={town.name} />
        <section aria-labelledby="town-faq" className="bg-white px-4 py-16">
          <div className="mx-auto max-w-3xl">
            <h2 id="town-faq" className="text-3xl font-bold">
              Frequently asked questions
            </h2>
            <div className="mt-6 divide-y divide-stone-200">
              {town.faqData.map((faq) => (
                <details key={faq.question} className="group py-4">
                  <summary className="cursor-pointer text-lg font-semibold">{faq.question}</summary>
                  <p className="mt-2 text-stone-700">{faq.answer}</p>
                </details>
              ))}
            </div>
          </div>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-stone-50 p-5">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold">{value}</dd>
    </div>
  );
}
