// The look every HTML email shares: a centred 600 px white card on a stone background, opening with the
// brand line, a heading and an introduction, then the message's own rows; the sender's postal address
// (and anything else a message needs there) sits under the card. Tables and inline styles, because mail
// clients ignore most CSS. Every email also has a plain-text twin, written next to its template.
import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const FONT = 'Arial, Helvetica, sans-serif';
const COLOUR = {
  page: '#f5f5f4',
  card: '#ffffff',
  brand: '#0f766e',
  heading: '#1c1917',
  body: '#44403c',
  label: '#57534e',
  faint: '#78716c',
};

export const renderEmailHtml = (email: ReactElement) => `<!doctype html>${renderToStaticMarkup(email)}`;

export function EmailLayout({
  heading,
  intro,
  footer,
  afterFooter,
  children,
}: {
  heading: ReactNode;
  intro: ReactNode;
  footer: ReactNode;
  afterFooter?: ReactNode;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <body style={{ margin: 0, padding: 0, backgroundColor: COLOUR.page }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ backgroundColor: COLOUR.page }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table
                  role="presentation"
                  width={600}
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 600, backgroundColor: COLOUR.card, borderRadius: 12 }}
                >
                  <tbody>
                    <EmailRow padding="28px 28px 8px">
                      <p style={{ margin: 0, color: COLOUR.brand, fontWeight: 700 }}>MetroWest AI Renovations</p>
                      <h1 style={{ margin: '12px 0 8px', fontSize: 24, color: COLOUR.heading }}>{heading}</h1>
                      <p style={{ margin: 0, fontSize: 16 }}>{intro}</p>
                    </EmailRow>
                    {children}
                  </tbody>
                </table>
                <p style={{ maxWidth: 600, margin: '16px auto 0', color: COLOUR.faint, fontSize: 12, fontFamily: FONT }}>{footer}</p>
                {afterFooter}
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** One row of the card. */
export function EmailRow({ children, padding = '12px 28px', align }: { children: ReactNode; padding?: string; align?: 'center' }) {
  return (
    <tr>
      <td align={align} style={{ padding, fontFamily: FONT, color: COLOUR.body }}>
        {children}
      </td>
    </tr>
  );
}

/** The one call to action, as a button in a row of its own. */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <EmailRow align="center" padding="16px 28px 24px">
      <a
        href={href}
        style={{
          display: 'inline-block',
          backgroundColor: COLOUR.brand,
          color: '#ffffff',
          padding: '14px 24px',
          borderRadius: 8,
          textDecoration: 'none',
          fontWeight: 700,
          fontFamily: FONT,
        }}
      >
        {children}
      </a>
    </EmailRow>
  );
}

/** A full-width inline image (a `cid:` attachment) under a small capitalised label. */
export function EmailImage({ label, cid, alt, first = false }: { label: string; cid: string; alt: string; first?: boolean }) {
  return (
    <>
      <p style={{ margin: first ? '0 0 6px' : '16px 0 6px', color: COLOUR.label, fontSize: 13 }}>{label}</p>
      <img src={`cid:${cid}`} alt={alt} width={544} style={{ width: '100%', maxWidth: 544, borderRadius: 8, display: 'block' }} />
    </>
  );
}

/** Name and value pairs, as the label column and value column of a small table. */
export function EmailDetails({ rows }: { rows: Array<[string, string]> }) {
  const cell = { padding: '4px 0', fontSize: 14, color: COLOUR.heading, verticalAlign: 'top' } as const;
  return (
    <EmailRow>
      <table role="presentation" cellPadding={0} cellSpacing={0} width="100%" style={{ fontFamily: FONT }}>
        <tbody>
          {rows.map(([name, value]) => (
            <tr key={name}>
              <td style={{ ...cell, color: COLOUR.label, width: 150 }}>{name}</td>
              <td style={cell}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </EmailRow>
  );
}

/** A small, quiet line in the card (expiry of a link, what to do if the mail was unexpected). */
export function EmailNote({ children }: { children: ReactNode }) {
  return (
    <EmailRow padding="0 28px 24px">
      <p style={{ margin: 0, color: COLOUR.faint, fontSize: 13 }}>{children}</p>
    </EmailRow>
  );
}
