// The dossier as a one-page PDF (US Letter) with pdf-lib: the lead's name and contact, property
// information, the scores with their bands, the before and after images (JPEGs from storage embedded
// as they are), and the latest insight notes. Standard Helvetica only, so no font files ship with the app.
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { emailWithConfirmation, formatBudget, formatUsd, overallDossierScore, type LeadDossier } from '#shared/lead-dossier';
import { scoreBand } from '#shared/score-bands';
import { toWinAnsi } from '#server/infra/pdf-text';

const PAGE = { width: 612, height: 792, margin: 48 } as const;
const INK = rgb(0.11, 0.1, 0.09);
const MUTED = rgb(0.34, 0.33, 0.31);
const TEAL = rgb(0.06, 0.46, 0.43);

export type DossierImages = { before: Buffer | null; after: Buffer | null };

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of toWinAnsi(text).split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export async function renderDossierPdf(dossier: LeadDossier, images: DossierImages, generatedAt: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Lead dossier: ${toWinAnsi(dossier.name || dossier.email)}`);
  pdf.setProducer('MetroWest AI Renovations');
  pdf.setCreationDate(generatedAt);
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = PAGE.height - PAGE.margin;

  const text = (value: string, x: number, size: number, font: PDFFont = regular, color = INK) =>
    page.drawText(toWinAnsi(value), { x, y, size, font, color });
  const heading = (value: string) => {
    y -= 22;
    text(value, PAGE.margin, 13, bold, TEAL);
    y -= 4;
  };
  const row = (label: string, value: string) => {
    y -= 15;
    text(label, PAGE.margin, 10, regular, MUTED);
    text(value, PAGE.margin + 120, 10);
  };

  text('MetroWest AI Renovations - Lead Dossier', PAGE.margin, 10, bold, TEAL);
  y -= 26;
  text(dossier.name || 'Anonymous', PAGE.margin, 22, bold);
  y -= 16;
  text(`${dossier.intentScore} Intent`, PAGE.margin, 11, bold, TEAL);

  heading('Contact');
  row('Email', emailWithConfirmation(dossier));
  row('Phone', dossier.phone || 'N/A');
  if (dossier.roomType || dossier.style) row('Project', [dossier.roomType, dossier.style].filter(Boolean).join(' - '));
  row('Wants quote', dossier.wantsQuote ? 'Yes' : 'No');

  heading('Property Information');
  row('Address', dossier.address || 'Not provided');
  row('ZIP code', dossier.town ? `${dossier.zipCode} (${dossier.town})` : dossier.zipCode);
  row('Income tier', dossier.zipIncomeTier ?? 'Not available');
  row('Home value', dossier.homeValue === null ? 'Not provided' : formatUsd(dossier.homeValue));
  row('Budget', formatBudget(dossier.budget) ?? 'Not provided');

  heading('Lead Intelligence Scores');
  const overall = overallDossierScore(dossier);
  row('Overall score', `${overall} (${scoreBand(overall)})`);
  row('Engagement', `${dossier.engagementScore} (${scoreBand(dossier.engagementScore)})`);
  row('Intent', `${dossier.intentScoreValue} (${scoreBand(dossier.intentScoreValue)})`);
  row('Quality', `${dossier.leadQualityScore} (${scoreBand(dossier.leadQualityScore)})`);
  row('Close Prob.', `${dossier.probabilityToCloseScore}% (${scoreBand(dossier.probabilityToCloseScore)})`);

  const embedded = await embedImages(pdf, images, dossier.afterLabel);
  if (embedded.length > 0) {
    heading('Renovation Preview');
    y -= 8;
    y = drawImages(page, embedded, y, bold);
    if (dossier.designHistory) {
      for (const line of wrap(`Design history: ${dossier.designHistory}`, regular, 9, PAGE.width - 2 * PAGE.margin)) {
        y -= 12;
        text(line, PAGE.margin, 9, regular, MUTED);
      }
    }
  }

  heading('Contractor Insights');
  if (dossier.contractorNotes.length === 0) {
    y -= 15;
    text('No contractor notes yet', PAGE.margin, 10, regular, MUTED);
  }
  for (const note of dossier.contractorNotes) {
    const lines = wrap(note.body, regular, 10, PAGE.width - 2 * PAGE.margin);
    // One page: notes that do not fit are left to the dashboard.
    if (y - 15 * (lines.length + 1) < PAGE.margin + 20) break;
    y -= 15;
    text(`${note.authorName}, ${note.createdAt.slice(0, 10)}`, PAGE.margin, 9, bold, MUTED);
    for (const line of lines) {
      y -= 13;
      text(line, PAGE.margin, 10);
    }
  }

  page.drawText(`Generated ${generatedAt.toISOString().slice(0, 10)} - confidential, for the assigned contractor only`, {
    x: PAGE.margin,
    y: PAGE.margin - 16,
    size: 8,
    font: regular,
    color: MUTED,
  });
  return pdf.save({ useObjectStreams: false });
}

async function embedImages(pdf: PDFDocument, images: DossierImages, afterLabel: string): Promise<{ label: string; image: PDFImage }[]> {
  const embedded: { label: string; image: PDFImage }[] = [];
  if (images.before) embedded.push({ label: 'Before', image: await pdf.embedJpg(images.before) });
  if (images.after) embedded.push({ label: afterLabel, image: await pdf.embedJpg(images.after) });
  return embedded;
}

/** Side by side, each scaled to fit a 250 × 170 box; returns the new baseline. */
function drawImages(page: PDFPage, images: { label: string; image: PDFImage }[], top: number, font: PDFFont): number {
  const box = { width: 250, height: 170 };
  images.forEach(({ label, image }, index) => {
    const { width, height } = image.scaleToFit(box.width, box.height);
    const x = PAGE.margin + index * (box.width + 16);
    page.drawText(label, { x, y: top - 10, size: 9, font, color: MUTED });
    page.drawImage(image, { x, y: top - 16 - height, width, height });
  });
  return top - 16 - box.height;
}
