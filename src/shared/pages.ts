// The client's page paths. The server uses the same list to answer unknown pages with a real 404,
// so a page is added here in the same change that adds it to src/web/router.tsx.

export const TOWN_SLUGS = ['framingham', 'natick', 'wellesley'] as const;
export type TownSlug = (typeof TOWN_SLUGS)[number];

export const townPath = (slug: TownSlug) => `/${slug}-ma-ai-home-renovations`;

export const PAGE_PATHS = ['/'] as const;

/** True when the client has a page for this path (query string and trailing slash ignored). */
export function isKnownPagePath(path: string): boolean {
  const pathname = path.split('?')[0].replace(/(.)\/+$/, '$1');
  return (PAGE_PATHS as readonly string[]).includes(pathname);
}
