// The 'Email Contractor' message: an admin sends a lead's dossier to its assigned contractor. A short
// summary in the body (name, contact, project, scores) and the one-page dossier PDF attached.
import { emailWithConfirmation, overallDossierScore, type LeadDossier } from '#shared/lead-dossier';
import { EmailButton, EmailDetails, EmailLayout, renderEmailHtml } from '#server/infra/mail/email-layout';

export type DossierEmail = { contractorName: string; dossier: LeadDossier; dashboardUrl: string; postalAddress: string };

function summary({ dossier }: DossierEmail): Array<[string, string]> {
  return [
    ['Name', dossier.name || 'Anonymous'],
    ['Email', emailWithConfirmation(dossier)],
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
    <EmailLayout
      heading={`Lead dossier: ${props.dossier.name || 'Anonymous'}`}
      intro={`Hi ${props.contractorName}, here is the full dossier of a lead assigned to you. The PDF is attached.`}
      footer={props.postalAddress}
    >
      <EmailDetails rows={summary(props)} />
      <EmailButton href={props.dashboardUrl}>Open your contractor dashboard</EmailButton>
    </EmailLayout>
  );
}

export function renderDossierEmail(props: DossierEmail): { subject: string; html: string; text: string } {
  const html = renderEmailHtml(<DossierMail {...props} />);
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
