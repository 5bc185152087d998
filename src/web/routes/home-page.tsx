// The home page (seed 000 §2): hero, upload section, inspiration feed, How It Works, Why Choose,
// the admin-only section, footer.
import { AdminHomeSection } from '#web/features/site/components/admin-home-section';
import { LandingHero } from '#web/features/site/components/landing-hero';
import { HowItWorks, InspirationFeed, WhyChoose } from '#web/features/site/components/marketing-sections';
import { SiteFooter } from '#web/features/site/components/site-footer';
import { UploadSection } from '#web/features/site/components/upload-section';

export function HomePage() {
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
