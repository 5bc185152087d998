// 'Export Leads': the contractor's leads as contractor-leads-{date}.json, or as CSV.
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

export function exportLeadsCsv(leads: ContractorLead[]) {
  const columns: (keyof ContractorLead)[] = ['name', 'email', 'phone', 'zip', 'room_type', 'style', 'wants_quote', 'status', 'lead_score', 'timeline', 'budget', 'created_at'];
  const cell = (value: unknown) => `"${String(value ?? '').replace(/"/g, '""')}"`;
  const rows = [columns.join(','), ...leads.map((lead) => columns.map((column) => cell(lead[column])).join(','))];
  download(`contractor-leads-${today()}.csv`, 'text/csv', `${rows.join('\r\n')}\r\n`);
}
