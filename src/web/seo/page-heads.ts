// Title, description and structured data of every public page: used by the prerenderer for the HTML
// head (what search engines read) and by the client to update the title when navigating.
import launchZips from '#shared/data/metrowest-zips.json' with { type: 'json' };
import { normalisePath, townPath } from '#shared/pages';
import { TOWN_LIST, type TownContent } from '#shared/towns';

export type PageHead = { title: string; description: string; path: string; jsonLd: object[] };

const SITE_NAME = 'MetroWest AI Home Renovations';
/** Replaced with PUBLIC_URL by the server when it loads the prerendered pages. */
export const PUBLIC_URL_TOKEN = '__PUBLIC_URL__';

const localBusiness = () => ({
  '@context': 'https://schema.org',
  '@type': 'LocalBusiness',
  name: SITE_NAME,
  description: 'AI room redesigns and renovation visualisation for homeowners in MetroWest, Massachusetts.',
  url: `${PUBLIC_URL_TOKEN}/`,
  areaServed: [...new Set(launchZips.zips.map((entry) => entry.town))].map((town) => ({
    '@type': 'City',
    name: `${town}, MA`,
  })),
  address: { '@type': 'PostalAddress', addressRegion: 'MA', addressCountry: 'US' },
});

const faqPage = (town: TownContent) => ({
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: town.faqData.map((faq) => ({
    '@type': 'Question',
    name: faq.question,
    acceptedAnswer: { '@type': 'Answer', text: faq.answer },
  })),
});

const STATIC_HEADS: Record<string, Omit<PageHead, 'path' | 'jsonLd'>> = {
  '/': {
    title: `${SITE_NAME} | See Your Room Redesigned by AI`,
    description:
      'Upload a photo of your kitchen, backyard or any room and see it redesigned by AI. Free for homeowners in MetroWest, Massachusetts.',
  },
  '/about': {
    title: `About | ${SITE_NAME}`,
    description: 'Who we are and why we built an AI renovation visualiser for MetroWest homeowners.',
  },
  '/contact': {
    title: `Contact | ${SITE_NAME}`,
    description: 'Questions about your design, your data or working with us? Send us a message.',
  },
  '/try-ai': {
    title: `Try the AI Designer | ${SITE_NAME}`,
    description: 'How the AI designer works, what you need, and how to start your first room redesign.',
  },
  '/feedback': { title: `Feedback | ${SITE_NAME}`, description: 'Tell us how your AI room redesign went.' },
  '/terms': { title: `Terms of Service | ${SITE_NAME}`, description: 'The terms for using MetroWest AI Home Renovations.' },
  '/privacy': { title: `Privacy Policy | ${SITE_NAME}`, description: 'What we collect, why, how long we keep it and your choices.' },
  '/cookies': { title: `Cookie Policy | ${SITE_NAME}`, description: 'The cookies and browser storage MetroWest AI Home Renovations uses.' },
  '/admin': { title: `Admin Panel | ${SITE_NAME}`, description: 'The MetroWest AI Home Renovations back office.' },
  '/contractor-invite': {
    title: `Contractor Invitation | ${SITE_NAME}`,
    description: 'Set your password to open your contractor dashboard.',
  },
  '/lead-dossier-demo': {
    title: `Lead Dossier Demo | ${SITE_NAME}`,
    description: 'Two sample lead dossier cards: scores, property information, renovation preview and contractor insights.',
  },
  '/contractor-dashboard': { title: `Contractor Dashboard | ${SITE_NAME}`, description: 'Your MetroWest renovation leads.' },
  '/account': { title: `My Account | ${SITE_NAME}`, description: 'Your designs, your password, your data.' },
  '/reset-password': { title: `Reset Your Password | ${SITE_NAME}`, description: 'Choose a new password for your account.' },
};

export const NOT_FOUND_HEAD: PageHead = {
  title: `Page not found | ${SITE_NAME}`,
  description: 'The page you are looking for does not exist or has moved.',
  path: '/404',
  jsonLd: [],
};

export function pageHeadFor(pathname: string): PageHead {
  const path = normalisePath(pathname);
  const town = TOWN_LIST.find((candidate) => townPath(candidate.slug) === path);
  if (town) return { title: town.metaTitle, description: town.metaDescription, path, jsonLd: [faqPage(town), localBusiness()] };
  if (path.startsWith('/m/'))
    return { title: `Send a Photo | ${SITE_NAME}`, description: 'Send a photo of your space to your design.', path, jsonLd: [] };
  const head = STATIC_HEADS[path];
  if (!head) return NOT_FOUND_HEAD;
  return { ...head, path, jsonLd: path === '/' ? [localBusiness()] : [] };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The <head> tags for a page, for the prerenderer. */
export function renderHeadTags(head: PageHead): string {
  const url = `${PUBLIC_URL_TOKEN}${head.path === '/' ? '/' : head.path}`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    head.path === NOT_FOUND_HEAD.path ? '<meta name="robots" content="noindex" />' : `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    // JSON-LD: escape "<" so the data can never close the script element.
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`),
  ];
  return tags.join('\n    ');
}
