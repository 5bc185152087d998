// The 'Email Contractor' message: an admin sends a lead's dossier to its assigned contractor. A short
// summary in the body (name, contact, project, scores) and the one-page dossier PDF attached.
import { renderToStaticMarkup } from 'react-dom/server';
import { overallDossierScore, type LeadDossier } from '../../../shared/lead-dossier';

export type DossierEmail = { contractorName: string; dossier: LeadDossier; dashboardUrl: string; postalAddress: string };

const font = 'Arial, Helvetica, sans-serif';

function summary({ dossier }: DossierEmail): Array<[string, string]> {
  return [
    ['Name', dossier.name || 'Anonymous'],
    ['Email', dossier.email],
    ['Phone', dossier.phone || 'N/A'],
    ['Location', dossier.town ? `${dossier.town}, MA ${dossier.zipCode}` : dossier.zipCode],
    ['Project', [dossier.roomType, dossier.style].filter(Boolean).join(' - ') || 'Home project'],
    ['Intent', `${dossier.intentScore} Intent`],
    ['Overall score', String(overallDossierScore(dossier))],
    ['Close probability', `${dossier.probabilityToCloseScore}%`],
  ];
}

function DossierMail(props: DossierEmail) {
  return (
    <html lang="en">
      <body style={{ margin: 0, padding: 24, backgroundColor: '#f5f5f4', fontFamily: font }}>
        <div style={{ maxWidth: 600, margin: '0 auto', backgroundColor: '#ffffff', borderRadius: 12, padding: 28 }}>
          <p style={{ margin: 0, color: '#0f766e', fontWeight: 700 }}>MetroWest AI Renovations</p>
          <h1 style={{ margin: '12px 0 8px', fontSize: 22, color: '#1c1917' }}>Lead dossier: {props.dossier.name || 'Anonymous'}</h1>
          <p style={{ margin: '0 0 12px', color: '#44403c' }}>Hi {props.contractorName}, here is the full dossier of a lead assigned to you. The PDF is attached.</p>
          <table role="presentation" cellPadding={0} cellSpacing={0} width="100%">
            <tbody>
              {summary(props).map(([name, value]) => (
                <tr key={name}>
                  <td style={{ padding: '4px 0', color: '#57534e', width: 150 }}>{name}</td>
                  <td style={{ padding: '4px 0', color: '#1c1917' }}>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p style={{ margin: '20px 0 0' }}>
            <a href={props.dashboardUrl} style={{ display: 'inline-block', backgroundColor: '#0f766e', color: '#ffffff', padding: '12px 20px', borderRadius: 8, textDecoration: 'none', fontWeight: 700 }}>
              Open your contractor dashboard
            </a>
          </p>
        </div>
        <p style={{ maxWidth: 600, margin: '16px auto 0', color: '#78716c', fontSize: 12 }}>{props.postalAddress}</p>
      </body>
    </html>
  );
}

export function renderDossierEmail(props: DossierEmail): { subject: string; html: string; text: string } {
  const html = `<!doctype html>${renderToStaticMarkup(<DossierMail {...props} />)}`;
  const text = [
    `Hi ${props.contractorName},`,
    '',
    'Here is the full dossier of a lead assigned to you. The PDF is attached.',
    '',
    ...summary(props).map(([name, value]) => `${name}: ${value}`),
    '',
    `Your dashboard: ${props.dashboardUrl}`,
    '',
    props.postalAddress,
  ].join('\n');
  return { subject: `Lead dossier: ${props.dossier.name || 'Anonymous'} (${props.dossier.zipCode})`, html, text };
}
