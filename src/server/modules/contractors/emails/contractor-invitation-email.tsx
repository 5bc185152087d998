// The contractor's invitation: one single-use link to set a password for the contractor dashboard, with
// its expiry date. HTML from React (inline styles, as mail clients need) and a plain-text twin.
import { EmailButton, EmailLayout, EmailNote, renderEmailHtml } from '#server/infra/mail/email-layout';

export type ContractorInvitationEmail = {
  contractorName: string;
  inviteUrl: string;
  /** 'December 1, 2026', already in the product's time zone. */
  expiresOn: string;
  postalAddress: string;
};

function Invitation(props: ContractorInvitationEmail) {
  return (
    <EmailLayout
      heading={`Welcome aboard, ${props.contractorName}`}
      intro="You have been added as a contractor partner. Set a password to open your contractor dashboard, where the homeowner leads we send you are listed with their before and after designs."
      footer={props.postalAddress}
    >
      <EmailButton href={props.inviteUrl}>Set my password</EmailButton>
      <EmailNote>The link works once and until {props.expiresOn}. If you were not expecting this, you can ignore it.</EmailNote>
    </EmailLayout>
  );
}

export function renderContractorInvitationEmail(props: ContractorInvitationEmail): { subject: string; html: string; text: string } {
  const html = renderEmailHtml(<Invitation {...props} />);
  const text = [
    `Welcome aboard, ${props.contractorName}.`,
    '',
    'You have been added as a contractor partner of MetroWest AI Renovations. Set a password to open your contractor dashboard:',
    props.inviteUrl,
    '',
    `The link works once and until ${props.expiresOn}. If you were not expecting this, you can ignore it.`,
    '',
    '--',
    props.postalAddress,
  ].join('\n');
  return { subject: 'Your MetroWest AI Renovations contractor dashboard', html, text };
}
