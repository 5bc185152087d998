// Text for PDFs drawn with pdf-lib's standard Helvetica (the dossier, the statements): no font files ship
// with the app, so text is kept to what that font can draw.

/** Helvetica draws WinAnsi only; anything else (emoji, arrows) becomes '?' instead of failing the export. */
export function toWinAnsi(text: string): string {
  return text
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}
