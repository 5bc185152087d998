// The client's pages. Keep in step with PAGE_PATHS in src/shared/pages.ts, which the server uses for
// real 404s, prerendering and the sitemap. Public pages are imported with the app, so they prerender
// complete; signed-in pages and the phone page load on first visit (lib/lazy.tsx).
import { Route, Routes } from 'react-router';
import { PHONE_UPLOAD_PATH, townPath } from '../shared/pages';
import { TOWN_LIST } from '../shared/towns';
import { AboutPage } from './routes/about-page';
import { ContactPage } from './routes/contact-page';
import { FeedbackPage } from './routes/feedback-page';
import { HomePage } from './routes/home-page';
import { LeadDossierDemoPage } from './routes/lead-dossier-demo-page';
import { CookiesPage, PrivacyPage, TermsPage } from './routes/legal-pages';
import { NotFoundPage } from './routes/not-found-page';
import { TownPage } from './routes/town-page';
import { TryAiPage } from './routes/try-ai-page';
import { lazyPage, withQueries } from './lib/lazy';

const AdminPage = lazyPage(() => withQueries(import('./routes/admin-page').then((module) => module.AdminPage)));
const ContractorDashboardPage = lazyPage(() =>
  withQueries(import('./routes/contractor-dashboard-page').then((module) => module.ContractorDashboardPage)),
);
const ContractorInvitePage = lazyPage(() => import('./routes/contractor-invite-page').then((module) => module.ContractorInvitePage));
const AccountPage = lazyPage(() => import('./routes/account-page').then((module) => module.AccountPage));
const PhoneUploadPage = lazyPage(() => import('./routes/phone-upload-page').then((module) => module.PhoneUploadPage));

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      {TOWN_LIST.map((town) => (
        <Route key={town.slug} path={townPath(town.slug)} element={<TownPage town={town} />} />
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
      <Route path="/terms" element={<TermsPage />} />
      <Route path="/privacy" element={<PrivacyPage />} />
      <Route path="/cookies" element={<CookiesPage />} />
      <Route path={PHONE_UPLOAD_PATH} element={<PhoneUploadPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
