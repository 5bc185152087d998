// The contractor's new-lead notification: the homeowner's contact and project details, the priority from
// the close probability, the before and after images inline (when the lead has a render), a tracked link
// to the contractor dashboard and an open-tracking pixel. HTML in the shared email layout, and a plain-text twin.
import { priorityBand } from '#shared/score-bands';
import { EmailButton, EmailDetails, EmailImage, EmailLayout, EmailRow, renderEmailHtml } from '#server/infra/mail/email-layout';

export type ContractorLeadEmail = {
  contractorName: string;
  lead: {
    name: string | null;
    email: string;
    phone: string | null;
    zip: string;
    town: string | null;
    roomLabel: string;
    style: string | null;
    wantsQuote: boolean;
    projectType: string | null;
    timeline: string | null;
    budget: string | null;
    contactMethod: string | null;
    notes: string | null;
    closeProbability: number;
  };
  /** Content ids of the inline images; absent when the lead has no render. */
  beforeCid?: string;
  afterCid?: string;
  /** What made the after image ("After (AI: … on Replicate)", "After (offline preview, not AI)"). */
  afterLabel: string;
  dashboardUrl: string;
  pixelUrl: string;
  postalAddress: string;
};

/** Seed 001 §9: 70 or more High Priority, 50–69 Medium Priority, below 50 Standard. */
export function priorityLabel(score: number): string {
  return priorityBand(score);
}

function details(props: ContractorLeadEmail): Array<[string, string]> {
  const { lead } = props;
  const rows: Array<[string, string | null]> = [
    ['Name', lead.name || 'Anonymous'],
    ['Email', lead.email],
    ['Phone', lead.phone || 'N/A'],
    ['Location', lead.town ? `${lead.town}, MA ${lead.zip}` : lead.zip],
    ['Project', [lead.roomLabel, lead.style].filter(Boolean).join(' - ')],
    ['Wants a quote', lead.wantsQuote ? 'Wants Quote' : 'Browsing'],
    ['Project type', lead.projectType],
    ['Timeline', lead.timeline],
    ['Budget', lead.budget],
    ['Prefers contact by', lead.contactMethod],
    ['Notes', lead.notes],
    ['Priority', `${priorityLabel(lead.closeProbability)} (${lead.closeProbability}% close probability)`],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

function ContractorLead(props: ContractorLeadEmail) {
  const { lead } = props;
  return (
    <EmailLayout
      heading={`New lead: ${lead.roomLabel} in ${lead.town ?? lead.zip}`}
      intro={`Hi ${props.contractorName}, a homeowner in your service area has been assigned to you.`}
      footer={props.postalAddress}
      afterFooter={<img src={props.pixelUrl} alt="" width={1} height={1} style={{ display: 'block', width: 1, height: 1, border: 0 }} />}
    >
      <EmailDetails rows={details(props)} />
      {props.beforeCid || props.afterCid ? (
        <EmailRow padding="8px 28px">
          {props.beforeCid ? <EmailImage first label="BEFORE" cid={props.beforeCid} alt="The homeowner's room before" /> : null}
          {props.afterCid ? (
            <EmailImage
              first={!props.beforeCid}
              label={props.afterLabel.toUpperCase()}
              cid={props.afterCid}
              alt="The homeowner's chosen design"
            />
          ) : null}
        </EmailRow>
      ) : null}
      <EmailButton href={props.dashboardUrl}>View the lead in your dashboard</EmailButton>
    </EmailLayout>
  );
}

export function renderContractorLeadEmail(props: ContractorLeadEmail): { subject: string; html: string; text: string } {
  const html = renderEmailHtml(<ContractorLead {...props} />);
  const text = [
    `Hi ${props.contractorName},`,
    '',
    'A homeowner in your service area has been assigned to you.',
    '',
    ...details(props).map(([name, value]) => `${name}: ${value}`),
    '',
    ...(props.beforeCid || props.afterCid ? [`The before and after images are attached. ${props.afterLabel}.`, ''] : []),
    `View the lead in your dashboard: ${props.dashboardUrl}`,
    '',
    '--',
    props.postalAddress,
  ].join('\n');
  return { subject: `New lead: ${props.lead.roomLabel} in ${props.lead.town ?? props.lead.zip}`, html, text };
}
