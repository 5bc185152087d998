// The contractor's new-lead notification: the homeowner's contact and project details, the priority from
// the close probability, the before and after images inline (when the lead has a render), a tracked link
// to the contractor dashboard and an open-tracking pixel. HTML from React and a plain-text twin.
import { renderToStaticMarkup } from 'react-dom/server';
import { priorityBand } from '../../../../shared/score-bands';

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
  dashboardUrl: string;
  pixelUrl: string;
  postalAddress: string;
};

/** Seed 001 §9: 70 or more High Priority, 50–69 Medium Priority, below 50 Standard. */
export function priorityLabel(score: number): string {
  return priorityBand(score);
}

const cell = { padding: '4px 0', fontFamily: 'Arial, Helvetica, sans-serif', fontSize: 14, color: '#1c1917', verticalAlign: 'top' } as const;
const label = { ...cell, color: '#57534e', width: 150 } as const;

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
    <html lang="en">
      <body style={{ margin: 0, padding: 0, backgroundColor: '#f5f5f4' }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ backgroundColor: '#f5f5f4' }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table role="presentation" width={600} cellPadding={0} cellSpacing={0} style={{ maxWidth: 600, backgroundColor: '#ffffff', borderRadius: 12 }}>
                  <tbody>
                    <tr>
                      <td style={{ padding: '28px 28px 8px', fontFamily: 'Arial, Helvetica, sans-serif' }}>
                        <p style={{ margin: 0, color: '#0f766e', fontWeight: 700 }}>MetroWest AI Renovations</p>
                        <h1 style={{ margin: '12px 0 8px', fontSize: 24, color: '#1c1917' }}>
                          New lead: {lead.roomLabel} in {lead.town ?? lead.zip}
                        </h1>
                        <p style={{ margin: 0, color: '#44403c', fontSize: 16 }}>Hi {props.contractorName}, a homeowner in your service area has been assigned to you.</p>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '12px 28px' }}>
                        <table role="presentation" cellPadding={0} cellSpacing={0} width="100%">
                          <tbody>
                            {details(props).map(([name, value]) => (
                              <tr key={name}>
                                <td style={label}>{name}</td>
                                <td style={cell}>{value}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </td>
                    </tr>
                    {props.beforeCid || props.afterCid ? (
                      <tr>
                        <td style={{ padding: '8px 28px' }}>
                          {props.beforeCid ? (
                            <>
                              <p style={{ margin: '0 0 6px', fontFamily: 'Arial, Helvetica, sans-serif', color: '#57534e', fontSize: 13 }}>BEFORE</p>
                              <img src={`cid:${props.beforeCid}`} alt="The homeowner's room before" width={544} style={{ width: '100%', maxWidth: 544, borderRadius: 8, display: 'block' }} />
                            </>
                          ) : null}
                          {props.afterCid ? (
                            <>
                              <p style={{ margin: '16px 0 6px', fontFamily: 'Arial, Helvetica, sans-serif', color: '#57534e', fontSize: 13 }}>AFTER (AI DESIGN)</p>
                              <img src={`cid:${props.afterCid}`} alt="The homeowner's chosen design" width={544} style={{ width: '100%', maxWidth: 544, borderRadius: 8, display: 'block' }} />
                            </>
                          ) : null}
                        </td>
                      </tr>
                    ) : null}
                    <tr>
                      <td align="center" style={{ padding: '16px 28px 28px' }}>
                        <a href={props.dashboardUrl} style={{ display: 'inline-block', backgroundColor: '#0f766e', color: '#ffffff', padding: '14px 24px', borderRadius: 8, textDecoration: 'none', fontWeight: 700, fontFamily: 'Arial, Helvetica, sans-serif' }}>
                          View the lead in your dashboard
                        </a>
                      </td>
                    </tr>
                  </tbody>
                </table>
                <p style={{ maxWidth: 600, margin: '16px auto 0', color: '#78716c', fontSize: 12, fontFamily: 'Arial, Helvetica, sans-serif' }}>{props.postalAddress}</p>
                <img src={props.pixelUrl} alt="" width={1} height={1} style={{ display: 'block', width: 1, height: 1, border: 0 }} />
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function renderContractorLeadEmail(props: ContractorLeadEmail): { subject: string; html: string; text: string } {
  const html = `<!doctype html>${renderToStaticMarkup(<ContractorLead {...props} />)}`;
  const text = [
    `Hi ${props.contractorName},`,
    '',
    'A homeowner in your service area has been assigned to you.',
    '',
    ...details(props).map(([name, value]) => `${name}: ${value}`),
    '',
    ...(props.beforeCid || props.afterCid ? ['The before and after images are attached.', ''] : []),
    `View the lead in your dashboard: ${props.dashboardUrl}`,
    '',
    '--',
    props.postalAddress,
  ].join('\n');
  return { subject: `New lead: ${props.lead.roomLabel} in ${props.lead.town ?? props.lead.zip}`, html, text };
}
