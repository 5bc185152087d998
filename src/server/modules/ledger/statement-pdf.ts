// A monthly statement as a PDF (US Letter) with pdf-lib: the contractor, the month, the balance brought
// forward, one line per ledger entry, the month's totals and the closing balance. Standard Helvetica only.
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatCents } from '#shared/money';
import { toWinAnsi } from '#server/infra/pdf-text';
import type { Statement } from './statement.service';

const PAGE = { width: 612, height: 792, margin: 48 } as const;
const INK = rgb(0.11, 0.1, 0.09);
const MUTED = rgb(0.34, 0.33, 0.31);
const LINE = 16;

export async function renderStatementPdf(statement: Statement, generatedAt: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(toWinAnsi(`Statement ${statement.period}: ${statement.contractor.name}`));
  pdf.setProducer('MetroWest AI Renovations');
  pdf.setCreationDate(generatedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;

  const text = (target: PDFPage, value: string, x: number, top: number, font: PDFFont, size = 10, color = INK) =>
    target.drawText(toWinAnsi(value), { x, y: top, size, font, color });
  const amount = (target: PDFPage, cents: number, top: number, font: PDFFont) => {
    const value = toWinAnsi(formatCents(cents));
    target.drawText(value, { x: PAGE.width - PAGE.margin - font.widthOfTextAtSize(value, 10), y: top, size: 10, font, color: INK });
  };
  /** The text, or as much of it as fits the width with '...' after it. */
  const fit = (value: string, font: PDFFont, width: number) => {
    let shown = toWinAnsi(value);
    if (font.widthOfTextAtSize(shown, 10) <= width) return shown;
    while (shown.length > 1 && font.widthOfTextAtSize(`${shown}...`, 10) > width) shown = shown.slice(0, -1);
    return `${shown}...`;
  };

  text(page, 'MetroWest AI Renovations', PAGE.margin, y, bold, 16);
  y -= 24;
  text(page, `Statement for ${statement.period}`, PAGE.margin, y, bold, 12);
  y -= LINE;
  text(page, `${statement.contractor.name} <${statement.contractor.email}>`, PAGE.margin, y, regular, 10, MUTED);
  y -= LINE * 2;

  const row = (date: string, description: string, cents: number, font = regular) => {
    if (y < PAGE.margin + LINE * 6) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
    text(page, date, PAGE.margin, y, font);
    text(page, fit(description, font, PAGE.width - 2 * PAGE.margin - 170), PAGE.margin + 80, y, font);
    amount(page, cents, y, font);
    y -= LINE;
  };

  text(page, 'Date', PAGE.margin, y, bold);
  text(page, 'Description', PAGE.margin + 80, y, bold);
  text(page, 'Amount', PAGE.width - PAGE.margin - bold.widthOfTextAtSize('Amount', 10), y, bold);
  y -= LINE;
  row(`${statement.period}-01`, 'Balance brought forward', statement.openingCents);
  for (const entry of statement.entries) row(entry.date, entry.description, entry.amountCents);
  y -= LINE / 2;
  const { leadChargesCents, feesCents, creditsCents, closingCents } = statement.totals;
  row('', 'Lead charges this month', leadChargesCents);
  row('', 'Subscription fees this month', feesCents);
  row('', 'Credits this month', creditsCents);
  row('', 'Balance at the end of the month', closingCents, bold);
  y -= LINE;
  text(
    page,
    `Generated ${generatedAt.toISOString().slice(0, 10)}. Amounts in US dollars; credits are negative.`,
    PAGE.margin,
    y,
    regular,
    8,
    MUTED,
  );
  return pdf.save();
}
