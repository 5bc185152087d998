// 'Export Leads': the contractor's leads as contractor-leads-{date}.json, or as CSV with the same fields.
import type { ContractorLead } from './api/contractor-api';

function download(name: string, type: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  // Released after the click has started the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const today = () => new Date().toISOString().slice(0, 10);

export const exportLeadsJson = (leads: ContractorLead[]) => download(`contractor-leads-${today()}.json`, 'application/json', JSON.stringify(leads, null, 2));

/**
 * RFC 4180 cells: every cell quoted, quotes doubled, line breaks kept inside the quotes. A homeowner's
 * text that starts like a formula (=, +, -, @, tab, CR) gets a leading apostrophe so spreadsheets show
 * it instead of running it (OWASP 'CSV injection').
 */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The same fields as the JSON export, in its order (new fields from the server come along by themselves). */
export function leadsToCsv(leads: ContractorLead[]): string {
  const columns: string[] = [];
  for (const lead of leads) for (const key of Object.keys(lead)) if (!columns.includes(key)) columns.push(key);
  const rows = [columns.join(','), ...leads.map((lead) => columns.map((column) => cell((lead as Record<string, unknown>)[column])).join(','))];
  return `${rows.join('\r\n')}\r\n`;
}

export const exportLeadsCsv = (leads: ContractorLead[]) => download(`contractor-leads-${today()}.csv`, 'text/csv', leadsToCsv(leads));
