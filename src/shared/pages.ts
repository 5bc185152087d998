// The client's page paths. The server uses the same list to answer unknown pages with a real 404,
// to prerender pages and to write the sitemap, so a page is added here in the same change that adds
// it to src/web/app-routes.tsx.

export const TOWN_SLUGS = ['framingham', 'natick', 'wellesley'] as const;
export type TownSlug = (typeof TOWN_SLUGS)[number];

export const townPath = (slug: TownSlug) => `/${slug}-ma-ai-home-renovations`;

/** Town names, for links; the towns' page content (src/shared/towns.ts) loads with the town pages only. */
export const TOWN_NAMES: Record<TownSlug, string> = { framingham: 'Framingham', natick: 'Natick', wellesley: 'Wellesley' };

/** Public pages: prerendered to HTML and listed in the sitemap. */
export const PUBLIC_PAGE_PATHS = [
  '/',
  ...TOWN_SLUGS.map(townPath),
  '/about',
  '/contact',
  '/try-ai',
  '/feedback',
  '/terms',
  '/privacy',
  '/cookies',
  '/lead-dossier-demo',
] as const;

/** Signed-in pages: prerendered as their loading shell, kept out of the sitemap. */
export const PRIVATE_PAGE_PATHS = ['/admin', '/contractor-dashboard', '/contractor-invite', '/account', '/reset-password'] as const;

export const PAGE_PATHS: readonly string[] = [...PUBLIC_PAGE_PATHS, ...PRIVATE_PAGE_PATHS];

/** The phone page a 'QR Code Upload' code opens: /m/{token}. Not prerendered, not in the sitemap. */
export const PHONE_UPLOAD_PATH = '/m/:token';
const PHONE_UPLOAD_PATTERN = /^\/m\/[A-Za-z0-9_-]{16,64}$/;

/** The path without query string or trailing slash. */
export const normalisePath = (path: string) => path.split(/[?#]/)[0].replace(/(.)\/+$/, '$1');

/** True when the client has a page for this path (query string and trailing slash ignored). */
export function isKnownPagePath(path: string): boolean {
  const pathname = normalisePath(path);
  return PAGE_PATHS.includes(pathname) || PHONE_UPLOAD_PATTERN.test(pathname);
}

/** My Designs is the first section of /account; the header links to it, and the design email's quote button to /account?quote=<leadId>#my-designs. */
export const MY_DESIGNS_PATH = '/account';
export const MY_DESIGNS_ANCHOR = 'my-designs';
export const myDesignsQuoteUrl = (publicUrl: string, leadId: string) =>
  `${publicUrl}${MY_DESIGNS_PATH}?quote=${encodeURIComponent(leadId)}#${MY_DESIGNS_ANCHOR}`;

/** The not-found page, prerendered like the others. */
export const NOT_FOUND_PAGE_PATH = '/404';

/** Where the prerendered HTML of a page sits in the client build (written by scripts/prerender.ts). */
export const prerenderedPageFile = (pagePath: string) => `pages/${pagePath === '/' ? 'index' : pagePath.slice(1)}.html`;
