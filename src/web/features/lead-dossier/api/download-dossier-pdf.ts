// GET /api/leads/:leadId/dossier.pdf: the one-page PDF, downloaded through a link so the browser keeps
// the server's file name and the session cookie goes along.
export const dossierPdfUrl = (leadId: string) => `/api/leads/${encodeURIComponent(leadId)}/dossier.pdf`;

export function downloadDossierPdf(leadId: string) {
  const link = Object.assign(document.createElement('a'), { href: dossierPdfUrl(leadId), download: '' });
  document.body.append(link);
  link.click();
  link.remove();
}
