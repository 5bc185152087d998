// The home page (seed 000 §2): hero, upload section, inspiration feed, How It Works, Why Choose,
// the admin-only section, footer.
import { AdminHomeSection } from '#web/features/site/components/admin-home-section';
import { LandingHero } from '#web/features/site/components/landing-hero';
import { HowItWorks, InspirationFeed, WhyChoose } from '#web/features/site/components/marketing-sections';
import { SiteFooter } from '#web/features/site/components/site-footer';
import { UploadSection } from '#web/features/site/components/upload-section';
import { myDesignsQuoteUrl } from '#shared/pages';
import { useNavigate, useSearchParams } from '#web/lib/router';
import { useEffect } from 'react';

export function HomePage() {
  useOldQuoteLinks();
  return (
    <>
      <main>
        <LandingHero />
        <UploadSection />
        <InspirationFeed />
        <HowItWorks />
        <WhyChoose />
        <AdminHomeSection />
      </main>
      <SiteFooter />
    </>
  );
}

/** Design emails sent before My Designs linked to /?quote=<leadId>: those links open the quote form there now. */
function useOldQuoteLinks() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const leadId = params.get('quote');
  useEffect(() => {
    if (leadId) navigate(myDesignsQuoteUrl('', leadId), { replace: true });
  }, [leadId, navigate]);
}
