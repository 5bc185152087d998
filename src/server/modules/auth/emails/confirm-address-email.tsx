// The short message that asks a homeowner to confirm their address. It carries nothing anyone typed or
// uploaded (no name, no images, no notes): until the owner of the address says so, we send them only this.
import { EmailButton, EmailLayout, EmailNote, renderEmailHtml } from '#server/infra/mail/email-layout';

export function renderConfirmAddressEmail({ confirmUrl, postalAddress }: { confirmUrl: string; postalAddress: string }) {
  const html = renderEmailHtml(
    <EmailLayout
      heading="Please confirm your email address"
      intro="Someone used this address at MetroWest AI Renovations. If it was you, confirm it and your before and after images follow straight away."
      footer={postalAddress}
    >
      <EmailButton href={confirmUrl}>Confirm my email address</EmailButton>
      <EmailNote>If it was not you, ignore this email: we will send nothing more to this address.</EmailNote>
    </EmailLayout>,
  );
  const text = `Please confirm your email address at MetroWest AI Renovations:\n${confirmUrl}\n\nIf it was you, your before and after images follow straight away. If it was not you, ignore this email: we will send nothing more to this address.\n\n--\n${postalAddress}`;
  return { subject: 'Confirm your email address for MetroWest AI Renovations', html, text };
}
