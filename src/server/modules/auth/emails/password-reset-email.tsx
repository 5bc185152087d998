// The password reset message: a one-hour, single-use link to set a new password. Sent only to an address
// that has an account, and it carries nothing anyone typed.
import { EmailButton, EmailLayout, EmailNote, renderEmailHtml } from '#server/infra/mail/email-layout';

export function renderPasswordResetEmail({ resetUrl, postalAddress }: { resetUrl: string; postalAddress: string }) {
  const html = renderEmailHtml(
    <EmailLayout
      heading="Set a new password"
      intro="Someone asked to reset the password of your MetroWest AI Renovations account. If it was you, choose a new one here. The link works once, for one hour."
      footer={postalAddress}
    >
      <EmailButton href={resetUrl}>Choose a new password</EmailButton>
      <EmailNote>If it was not you, ignore this email: your password stays as it is.</EmailNote>
    </EmailLayout>,
  );
  const text = `Someone asked to reset the password of your MetroWest AI Renovations account. If it was you, choose a new one here (the link works once, for one hour):\n${resetUrl}\n\nIf it was not you, ignore this email: your password stays as it is.\n\n--\n${postalAddress}`;
  return { subject: 'Reset your MetroWest AI Renovations password', html, text };
}
