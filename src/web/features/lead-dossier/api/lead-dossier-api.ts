// The lead dossier's calls: the dossier, its PDF, 'Email Contractor' and the insight notes.
import type { LeadDossier, LeadInsight } from '#shared/lead-dossier';
import { apiRequest } from '#web/lib/api-client';

export const dossierQueryKey = (leadId: string) => ['lead-dossier', leadId] as const;
export const dossierPdfUrl = (leadId: string) => `/api/leads/${encodeURIComponent(leadId)}/dossier.pdf`;

export const fetchDossier = (leadId: string) =>
  apiRequest<{ dossier: LeadDossier }>('GET', `/api/leads/${encodeURIComponent(leadId)}/dossier`).then((result) => result.dossier);
export const addInsight = (leadId: string, body: string) =>
  apiRequest<{ insight: LeadInsight }>('POST', `/api/leads/${encodeURIComponent(leadId)}/insights`, { body }).then(
    (result) => result.insight,
  );
export const emailDossier = (leadId: string) =>
  apiRequest<{ message: string; recipients: string[] }>('POST', `/api/leads/${encodeURIComponent(leadId)}/dossier/email`);

/** Starts the PDF download through a link, so the browser keeps the server's file name and the session cookie goes along. */
export function downloadDossierPdf(leadId: string) {
  const link = Object.assign(document.createElement('a'), { href: dossierPdfUrl(leadId), download: '' });
  document.body.append(link);
  link.click();
  link.remove();
}
