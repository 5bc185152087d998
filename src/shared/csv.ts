// CSV as spreadsheets read it (RFC 4180): fields with a comma, quote or line break are quoted, quotes
// doubled. A field starting with =, +, - or @ is prefixed with a quote mark, so a lead's name can never
// run as a formula when an admin opens the export in a spreadsheet; a plain negative number stays a number.
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number such as '-25.00' (a credit) runs as nothing, so it keeps its sign. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, ending in CRLF. */
export const csvRow = (values: CsvValue[]) => `${values.map(csvField).join(',')}\r\n`;
