// /about: who we are.
import { useMarketingClaims } from '#web/features/site/hooks/use-marketing-claims';
import { StaticPageLayout } from './static-page-layout';

export function AboutPage() {
  const claims = useMarketingClaims();
  return (
    <StaticPageLayout
      title="About MetroWest AI Renovations"
      intro="We help MetroWest homeowners see what their rooms could become before they spend a dollar on a renovation."
    >
      <p>
        Planning a renovation starts with a question that is hard to answer from a catalogue: what would this look like in my house? We
        built an AI designer that starts from a photo of your own room, keeps its layout, and shows it in the style you choose.
      </p>
      <p>
        We focus on one region on purpose. MetroWest homes, from Framingham capes and Natick colonials to Wellesley Tudors, share a climate,
        a building stock and a set of local contractors. Knowing them lets us suggest styles that fit and, soon, connect you with
        contractors who work in your town.
      </p>
      <h2>What we believe</h2>
      <ul>
        <li>Your photos are yours. We use them to create your design and email it to you, and nothing else without your consent.</li>
        <li>A preview should be honest. Designs are visualisations to inspire you, not construction drawings or quotes.</li>
        <li>
          Trying it should be free.
          {claims && ` ${claims.homeowners} homeowners have created ${claims.transformations} transformations so far.`}
        </li>
      </ul>
    </StaticPageLayout>
  );
}
