// Settings: which real before/after the home page hero shows. Only designs their homeowners shared in the
// community feed can be picked; the shipped example (made by the offline preview engine) is the default.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TabState } from '#web/components/ui/back-office';
import { FormMessage } from '#web/components/ui/form-field';
import { useAction } from '#web/components/ui/toast';
import { heroSettingsQuery } from '../api/get-hero-settings';
import { saveHero } from '../api/save-hero';

export function HeroSettings() {
  const queryClient = useQueryClient();
  const hero = useQuery(heroSettingsQuery());
  const { error, run } = useAction();
  const current = hero.data?.heroLeadId ?? null;

  async function choose(leadId: string | null) {
    const success = leadId ? 'The home page now shows this design.' : 'The home page shows the example design.';
    if ((await run(() => saveHero(leadId), success)).ok) await queryClient.invalidateQueries({ queryKey: heroSettingsQuery().queryKey });
  }

  return (
    <section aria-labelledby="hero-settings" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 lg:col-span-2">
      <h2 id="hero-settings" className="text-lg font-semibold">
        Home page before/after
      </h2>
      <p className="mb-3 text-sm text-stone-600">Shown in the hero of the home page and the town pages, with what made the image.</p>
      <TabState loading={hero.isPending} error={hero.error} empty={false} emptyText="">
        <fieldset>
          <legend className="sr-only">Design shown on the home page</legend>
          <label className="flex cursor-pointer items-center gap-2 rounded-lg p-2 hover:bg-stone-50">
            <input type="radio" name="hero" checked={current === null} onChange={() => void choose(null)} />
            <span>The example dining room (made by our offline preview engine)</span>
          </label>
          {hero.data?.candidates.length === 0 && (
            <p className="p-2 text-sm text-stone-600">No homeowner has shared a design in the community feed yet.</p>
          )}
          <ul className="mt-2 grid gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {hero.data?.candidates.map((candidate) => (
              <li key={candidate.leadId}>
                <label className="flex cursor-pointer flex-col gap-1 rounded-lg p-2 ring-1 ring-stone-200 hover:bg-stone-50">
                  <img src={candidate.afterUrl} alt="" loading="lazy" className="aspect-[4/3] w-full rounded object-cover" />
                  <span className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="hero"
                      checked={current === candidate.leadId}
                      onChange={() => void choose(candidate.leadId)}
                      aria-label={`${candidate.title} in ${candidate.zip}`}
                    />
                    {candidate.title} · {candidate.zip}
                  </span>
                  <span className="text-xs text-stone-500">{candidate.madeBy}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </TabState>
      {error && (
        <div className="mt-2">
          <FormMessage kind="error">{error}</FormMessage>
        </div>
      )}
    </section>
  );
}
