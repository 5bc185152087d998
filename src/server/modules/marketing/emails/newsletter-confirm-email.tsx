// The newsletter's double opt-in email: one link that confirms the subscription.
import { EmailButton, EmailLayout, EmailNote, renderEmailHtml } from '#server/infra/mail/email-layout';

export function renderNewsletterConfirmEmail({ confirmUrl, postalAddress }: { confirmUrl: string; postalAddress: string }) {
  const html = renderEmailHtml(
    <EmailLayout
      heading="Please confirm your subscription"
      intro="You asked for design tips from MetroWest AI Renovations. Confirm it is you and we will start sending them."
      footer={postalAddress}
    >
      <EmailButton href={confirmUrl}>Confirm my subscription</EmailButton>
      <EmailNote>If you did not ask for this, ignore this email and nothing will be sent.</EmailNote>
    </EmailLayout>,
  );
  const text = `Please confirm your subscription to design tips from MetroWest AI Renovations:\n${confirmUrl}\n\nIf you did not ask for this, ignore this email.\n\n--\n${postalAddress}`;
  return { subject: 'Confirm your subscription to MetroWest design tips', html, text };
}
