// 'Export Leads': the contractor's leads as contractor-leads-{date}.json, or as CSV with the same fields.
import { csvRow, type CsvValue } from '#shared/csv';
import type { ContractorLeadRow as ContractorLead } from '#shared/lead-row.schema';

function download(name: string, type: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  // Released after the click has started the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const today = () => new Date().toISOString().slice(0, 10);

export const exportLeadsJson = (leads: ContractorLead[]) =>
  download(`contractor-leads-${today()}.json`, 'application/json', JSON.stringify(leads, null, 2));

/** The same fields as the JSON export, in its order (new fields from the server come along by themselves); nested values as JSON. */
export function leadsToCsv(leads: ContractorLead[]): string {
  const columns: string[] = [];
  for (const lead of leads) for (const key of Object.keys(lead)) if (!columns.includes(key)) columns.push(key);
  const cell = (value: unknown): CsvValue => (value !== null && typeof value === 'object' ? JSON.stringify(value) : (value as CsvValue));
  return csvRow(columns) + leads.map((lead) => csvRow(columns.map((column) => cell((lead as Record<string, unknown>)[column])))).join('');
}

export const exportLeadsCsv = (leads: ContractorLead[]) => download(`contractor-leads-${today()}.csv`, 'text/csv', leadsToCsv(leads));
