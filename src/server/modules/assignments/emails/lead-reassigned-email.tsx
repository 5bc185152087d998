// Tells a contractor that a lead went to someone else because it was not marked contacted by its deadline,
// and that they were not charged for it (docs/lead-business.md). No homeowner details: the lead is no longer
// theirs. HTML in the shared email layout, and a plain-text twin.
import { EmailButton, EmailLayout, EmailRow, renderEmailHtml } from '#server/infra/mail/email-layout';

export type LeadReassignedEmail = {
  contractorName: string;
  projectLabel: string;
  zip: string;
  respondBy: string;
  credit: string;
  dashboardUrl: string;
  postalAddress: string;
};

function LeadReassigned(props: LeadReassignedEmail) {
  return (
    <EmailLayout
      heading="A lead was reassigned"
      intro={`Hi ${props.contractorName}, the ${props.projectLabel} lead in ZIP ${props.zip} was not marked contacted by ${props.respondBy}, so it went to another contractor.`}
      footer={props.postalAddress}
    >
      <EmailRow>You were not charged for it: {props.credit} was credited to your account.</EmailRow>
      <EmailRow>
        <EmailButton href={props.dashboardUrl}>Open your dashboard</EmailButton>
      </EmailRow>
    </EmailLayout>
  );
}

export function renderLeadReassignedEmail(props: LeadReassignedEmail) {
  return {
    subject: `Lead reassigned: ${props.projectLabel} in ${props.zip}`,
    html: renderEmailHtml(<LeadReassigned {...props} />),
    text: [
      `Hi ${props.contractorName},`,
      '',
      `The ${props.projectLabel} lead in ZIP ${props.zip} was not marked contacted by ${props.respondBy}, so it went to another contractor.`,
      `You were not charged for it: ${props.credit} was credited to your account.`,
      '',
      `Your dashboard: ${props.dashboardUrl}`,
      '',
      props.postalAddress,
    ].join('\n'),
  };
}
