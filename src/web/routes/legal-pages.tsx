// The terms, privacy and cookie pages, reached from the footer's #terms, #privacy and #cookies links.
import { StaticPageLayout } from './static-page-layout';

export function TermsPage() {
  return (
    <StaticPageLayout title="Terms of Service" intro="By using MetroWest AI Home Renovations you agree to these terms.">
      <h2>The service</h2>
      <p>
        We create AI visualisations of rooms from photos you upload. Designs are for inspiration only: they are not plans, drawings,
        specifications or quotes, and real results depend on your home, materials and contractor.
      </p>
      <h2>Your account</h2>
      <p>
        The service is for homeowners in MetroWest, Massachusetts. Keep your password private; you are responsible for what happens under
        your account.
      </p>
      <h2>Your photos</h2>
      <p>
        You must have the right to upload the photos you send. You keep ownership of them and grant us the rights needed to process them,
        create your designs and email them to you. If you agree to share a design in the community feed, other signed-in homeowners can see
        it without your name or contact details.
      </p>
      <h2>Contractors</h2>
      <p>
        When you ask for a quote, we pass your request to local contractors. They are independent businesses; any agreement you make is
        between you and them.
      </p>
      <h2>Acceptable use</h2>
      <p>Do not upload unlawful content, photos of people without their consent, or anything that is not a space in a home.</p>
      <h2>Changes</h2>
      <p>We may update these terms and will note the date of the last change on this page.</p>
    </StaticPageLayout>
  );
}

export function PrivacyPage() {
  return (
    <StaticPageLayout title="Privacy Policy" intro="What we collect, why, how long we keep it, and your choices.">
      <h2>What we collect</h2>
      <ul>
        <li>Account details: your name, email address and a securely hashed password.</li>
        <li>Your ZIP code, to confirm we serve your area.</li>
        <li>The photos you upload and the designs we create from them.</li>
        <li>If you ask for a quote: your phone number (optional), project type, timeline, budget and notes.</li>
        <li>Usage: sign-ins, designs created, pages viewed and time on site, to improve the service.</li>
      </ul>
      <h2>Why</h2>
      <p>
        To create and email your designs, to pass quote requests to the contractors you ask for, and to understand how the service is used.
        We do not sell your personal information.
      </p>
      <h2>How long</h2>
      <p>
        Photos that never reach the email step are deleted after 30 days. You can ask us to delete your account; we then remove your photos
        and designs and anonymise your requests.
      </p>
      <h2>Your choices</h2>
      <p>You can unsubscribe from emails at any time, ask for a copy of your data, or ask us to delete it through the contact page.</p>
    </StaticPageLayout>
  );
}

export function CookiesPage() {
  return (
    <StaticPageLayout title="Cookie Policy" intro="We keep browser storage to the minimum the service needs.">
      <h2>Cookies</h2>
      <p>
        One session cookie keeps you signed in. It is marked HttpOnly so scripts cannot read it, and it expires after seven days without use
        or when you sign out.
      </p>
      <h2>Browser storage</h2>
      <p>
        We remember the ZIP code you confirmed and the emails you sent yourself, so you do not have to repeat them, and a message that keeps
        your other open tabs signed in or out together.
      </p>
      <h2>No advertising cookies</h2>
      <p>
        We do not use third-party advertising or tracking cookies. Page views and time on site are recorded by our own server only while you
        are signed in.
      </p>
    </StaticPageLayout>
  );
}
