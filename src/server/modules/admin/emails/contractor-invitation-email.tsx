// The contractor's invitation: one single-use link to set a password for the contractor dashboard, with
// its expiry date. HTML from React (inline styles, as mail clients need) and a plain-text twin.
import { renderToStaticMarkup } from 'react-dom/server';

export type ContractorInvitationEmail = {
  contractorName: string;
  inviteUrl: string;
  /** 'December 1, 2026', already in the product's time zone. */
  expiresOn: string;
  postalAddress: string;
};

function Invitation(props: ContractorInvitationEmail) {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'Arial, Helvetica, sans-serif', backgroundColor: '#f5f5f4', padding: 24 }}>
        <div style={{ maxWidth: 560, margin: '0 auto', backgroundColor: '#ffffff', borderRadius: 12, padding: 28 }}>
          <p style={{ margin: 0, color: '#0f766e', fontWeight: 700 }}>MetroWest AI Renovations</p>
          <h1 style={{ fontSize: 22, color: '#1c1917' }}>Welcome aboard, {props.contractorName}</h1>
          <p style={{ color: '#44403c' }}>
            You have been added as a contractor partner. Set a password to open your contractor dashboard, where the homeowner leads we send you are
            listed with their before and after designs.
          </p>
          <p>
            <a href={props.inviteUrl} style={{ display: 'inline-block', backgroundColor: '#0f766e', color: '#ffffff', padding: '12px 20px', borderRadius: 8, textDecoration: 'none', fontWeight: 700 }}>
              Set my password
            </a>
          </p>
          <p style={{ color: '#78716c', fontSize: 13 }}>The link works once and until {props.expiresOn}. If you were not expecting this, you can ignore it.</p>
        </div>
        <p style={{ maxWidth: 560, margin: '12px auto', color: '#78716c', fontSize: 12 }}>{props.postalAddress}</p>
      </body>
    </html>
  );
}

export function renderContractorInvitationEmail(props: ContractorInvitationEmail): { subject: string; html: string; text: string } {
  const html = `<!doctype html>${renderToStaticMarkup(<Invitation {...props} />)}`;
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
