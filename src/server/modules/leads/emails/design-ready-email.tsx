// The homeowner's email after the email step: before and after images, room and style, a quote button,
// five feedback star links, and the sender's postal footer with an unsubscribe link. HTML from React
// components (inline styles, as mail clients need) and a plain-text twin.
import { renderToStaticMarkup } from 'react-dom/server';
import { RATING_CAPTIONS } from '../../../../shared/constants';

export type DesignReadyEmail = {
  name: string | null;
  roomLabel: string;
  styleName: string;
  /** Content ids of the inline images. */
  beforeCid: string;
  afterCid: string;
  quoteUrl: string;
  feedbackUrl: (rating: number) => string;
  unsubscribeUrl: string;
  postalAddress: string;
};

const STARS = [5, 4, 3, 2, 1] as const;

function DesignReady(props: DesignReadyEmail) {
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
                        <h1 style={{ margin: '12px 0 8px', fontSize: 26, color: '#1c1917' }}>Your {props.roomLabel} redesign is ready</h1>
                        <p style={{ margin: 0, color: '#44403c', fontSize: 16 }}>
                          {props.name ? `Hi ${props.name}, here` : 'Here'} are your full-resolution before and after images in the {props.styleName} style.
                        </p>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '16px 28px' }}>
                        <p style={{ margin: '0 0 6px', fontFamily: 'Arial, Helvetica, sans-serif', color: '#57534e', fontSize: 13 }}>BEFORE</p>
                        <img src={`cid:${props.beforeCid}`} alt={`Your ${props.roomLabel.toLowerCase()} before`} width={544} style={{ width: '100%', maxWidth: 544, borderRadius: 8, display: 'block' }} />
                        <p style={{ margin: '16px 0 6px', fontFamily: 'Arial, Helvetica, sans-serif', color: '#57534e', fontSize: 13 }}>AFTER · {props.styleName.toUpperCase()}</p>
                        <img src={`cid:${props.afterCid}`} alt={`Your ${props.roomLabel.toLowerCase()} redesigned`} width={544} style={{ width: '100%', maxWidth: 544, borderRadius: 8, display: 'block' }} />
                      </td>
                    </tr>
                    <tr>
                      <td align="center" style={{ padding: '8px 28px 24px' }}>
                        <a href={props.quoteUrl} style={{ display: 'inline-block', backgroundColor: '#0f766e', color: '#ffffff', padding: '14px 24px', borderRadius: 8, textDecoration: 'none', fontWeight: 700, fontFamily: 'Arial, Helvetica, sans-serif' }}>
                          Get a Free Quote from Local Contractors
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td align="center" style={{ padding: '0 28px 28px', fontFamily: 'Arial, Helvetica, sans-serif' }}>
                        <p style={{ margin: '0 0 8px', color: '#44403c' }}>How was your experience?</p>
                        {STARS.map((rating) => (
                          <a key={rating} href={props.feedbackUrl(rating)} title={RATING_CAPTIONS[rating]} style={{ color: '#f59e0b', fontSize: 26, textDecoration: 'none', margin: '0 3px' }}>
                            {'★'.repeat(rating)}
                            <span style={{ fontSize: 12, color: '#57534e', display: 'block' }}>{RATING_CAPTIONS[rating]}</span>
                          </a>
                        ))}
                      </td>
                    </tr>
                  </tbody>
                </table>
                <p style={{ maxWidth: 600, margin: '16px auto 0', color: '#78716c', fontSize: 12, fontFamily: 'Arial, Helvetica, sans-serif' }}>
                  {props.postalAddress} · <a href={props.unsubscribeUrl} style={{ color: '#78716c' }}>Unsubscribe</a>
                </p>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function renderDesignReadyEmail(props: DesignReadyEmail): { subject: string; html: string; text: string } {
  const html = `<!doctype html>${renderToStaticMarkup(<DesignReady {...props} />)}`;
  const text = [
    `${props.name ? `Hi ${props.name},` : 'Hello,'}`,
    '',
    `Your ${props.roomLabel.toLowerCase()} redesign in the ${props.styleName} style is ready. The before and after images are attached.`,
    '',
    `Get a free quote from local contractors: ${props.quoteUrl}`,
    '',
    'How was your experience?',
    ...STARS.map((rating) => `${'★'.repeat(rating)} ${RATING_CAPTIONS[rating]}: ${props.feedbackUrl(rating)}`),
    '',
    '--',
    props.postalAddress,
    `Unsubscribe: ${props.unsubscribeUrl}`,
  ].join('\n');
  return { subject: `Your ${props.roomLabel} redesign is ready`, html, text };
}
