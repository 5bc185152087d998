// A town page by its slug: the towns' content loads with the town pages, not with the home page.
import type { TownSlug } from '#shared/pages';
import { getTown } from '#shared/towns';
import { TownPage } from './town-page';

export function TownRoute({ slug }: { slug: TownSlug }) {
  return <TownPage town={getTown(slug)!} />;
}
