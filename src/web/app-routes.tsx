// The client's pages. Keep in step with PAGE_PATHS in src/shared/pages.ts, which the server uses for
// real 404s, prerendering and the sitemap. Only the home page's code comes with the app: the other
// public pages are preloaded before they render, and signed-in pages load on first visit (lib/lazy.tsx).
import { PHONE_UPLOAD_PATH, TOWN_SLUGS, townPath } from '#shared/pages';
import { lazyPage, preloadablePage, withQueries } from '#web/lib/lazy';
import { matchPath, Route, Routes } from '#web/lib/router';
import { HomePage } from '#web/routes/home-page';
import { NotFoundPage } from '#web/routes/not-found-page';

// Public pages other than home: their code loads apart, and is preloaded before rendering (lib/lazy.tsx).
const AboutPage = preloadablePage(() => import('#web/routes/about-page').then((module) => module.AboutPage));
const ContactPage = preloadablePage(() => import('#web/routes/contact-page').then((module) => module.ContactPage));
const FeedbackPage = preloadablePage(() => import('#web/routes/feedback-page').then((module) => module.FeedbackPage));
const LeadDossierDemoPage = preloadablePage(() =>
  import('#web/routes/lead-dossier-demo-page').then((module) => module.LeadDossierDemoPage),
);
const TermsPage = preloadablePage(() => import('#web/routes/legal-pages').then((module) => module.TermsPage));
const PrivacyPage = preloadablePage(() => import('#web/routes/legal-pages').then((module) => module.PrivacyPage));
const CookiesPage = preloadablePage(() => import('#web/routes/legal-pages').then((module) => module.CookiesPage));
const TownRoute = preloadablePage(() => import('#web/routes/town-route').then((module) => module.TownRoute));
const TryAiPage = preloadablePage(() => import('#web/routes/try-ai-page').then((module) => module.TryAiPage));

// Signed-in pages and the phone page: their loading line until their code is in.
const AdminPage = lazyPage(() => withQueries(import('#web/routes/admin-page').then((module) => module.AdminPage)));
const ContractorDashboardPage = lazyPage(() =>
  withQueries(import('#web/routes/contractor-dashboard-page').then((module) => module.ContractorDashboardPage)),
);
const ContractorInvitePage = lazyPage(() => import('#web/routes/contractor-invite-page').then((module) => module.ContractorInvitePage));
const AccountPage = lazyPage(() => withQueries(import('#web/routes/account-page').then((module) => module.AccountPage)));
const ResetPasswordPage = lazyPage(() => import('#web/routes/reset-password-page').then((module) => module.ResetPasswordPage));
const PhoneUploadPage = lazyPage(() => import('#web/routes/phone-upload-page').then((module) => module.PhoneUploadPage));

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      {TOWN_SLUGS.map((slug) => (
        <Route key={slug} path={townPath(slug)} element={<TownRoute slug={slug} />} />
      ))}
      <Route path="/feedback" element={<FeedbackPage />} />
      <Route path="/about" element={<AboutPage />} />
      <Route path="/contact" element={<ContactPage />} />
      <Route path="/try-ai" element={<TryAiPage />} />
      <Route path="/admin" element={<AdminPage />} />
      <Route path="/contractor-dashboard" element={<ContractorDashboardPage />} />
      <Route path="/contractor-invite" element={<ContractorInvitePage />} />
      <Route path="/lead-dossier-demo" element={<LeadDossierDemoPage />} />
      <Route path="/account" element={<AccountPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/terms" element={<TermsPage />} />
      <Route path="/privacy" element={<PrivacyPage />} />
      <Route path="/cookies" element={<CookiesPage />} />
      <Route path={PHONE_UPLOAD_PATH} element={<PhoneUploadPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

type Preloadable = { preload: () => Promise<void> };

const PRELOADABLE: [string, Preloadable][] = [
  ['/about', AboutPage],
  ['/contact', ContactPage],
  ['/feedback', FeedbackPage],
  ['/lead-dossier-demo', LeadDossierDemoPage],
  ['/terms', TermsPage],
  ['/privacy', PrivacyPage],
  ['/cookies', CookiesPage],
  ['/try-ai', TryAiPage],
  ...TOWN_SLUGS.map((slug): [string, Preloadable] => [townPath(slug), TownRoute]),
];

/** Loads the code of the public page at this path, if it has its own; before hydrating or prerendering it. */
export async function preloadPage(pathname: string): Promise<void> {
  await Promise.all(PRELOADABLE.filter(([path]) => matchPath(path, pathname)).map(([, page]) => page.preload()));
}

/** Loads every public page's code, for the prerenderer. */
export async function preloadAllPages(): Promise<void> {
  await Promise.all(PRELOADABLE.map(([, page]) => page.preload()));
}
