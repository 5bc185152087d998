// The newsletter's double opt-in email: one link that confirms the subscription.
import { renderToStaticMarkup } from 'react-dom/server';

export function renderNewsletterConfirmEmail({ confirmUrl, postalAddress }: { confirmUrl: string; postalAddress: string }) {
  const html = `<!doctype html>${renderToStaticMarkup(
    <html lang="en">
      <body style={{ fontFamily: 'Arial, Helvetica, sans-serif', backgroundColor: '#f5f5f4', padding: 24 }}>
        <div style={{ maxWidth: 520, margin: '0 auto', backgroundColor: '#ffffff', borderRadius: 12, padding: 28 }}>
          <p style={{ margin: 0, color: '#0f766e', fontWeight: 700 }}>MetroWest AI Renovations</p>
          <h1 style={{ fontSize: 22, color: '#1c1917' }}>Please confirm your subscription</h1>
          <p style={{ color: '#44403c' }}>You asked for design tips from MetroWest AI Renovations. Confirm it is you and we will start sending them.</p>
          <p>
            <a href={confirmUrl} style={{ display: 'inline-block', backgroundColor: '#0f766e', color: '#ffffff', padding: '12px 20px', borderRadius: 8, textDecoration: 'none', fontWeight: 700 }}>
              Confirm my subscription
            </a>
          </p>
          <p style={{ color: '#78716c', fontSize: 13 }}>If you did not ask for this, ignore this email and nothing will be sent.</p>
        </div>
        <p style={{ maxWidth: 520, margin: '12px auto', color: '#78716c', fontSize: 12 }}>{postalAddress}</p>
      </body>
    </html>,
  )}`;
  const text = `Please confirm your subscription to design tips from MetroWest AI Renovations:\n${confirmUrl}\n\nIf you did not ask for this, ignore this email.\n\n--\n${postalAddress}`;
  return { subject: 'Confirm your subscription to MetroWest design tips', html, text };
}
