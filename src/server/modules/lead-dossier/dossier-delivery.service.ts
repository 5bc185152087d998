// The dossier as a file: the one-page PDF with the lead's before and after images, for download, and
// 'Email Contractor', which sends it to every contractor the lead is assigned to through the outbox (the PDF
// is stored first, so the sender attaches it like any other file and retries keep the same bytes).
import { randomUUID } from 'node:crypto';
import { DOSSIER_MESSAGES } from '#shared/messages';
import type { Lead } from '#server/db/schema';
import { invalid } from '#server/http/errors';
import type { RouteDeps } from '#server/http/route-deps';
import { queueMail } from '#server/infra/mail/outbox';
import { renderDossierEmail } from './dossier-email';
import { renderDossierPdf } from './dossier-pdf';
import { assignedContractors, buildDossier, dossierImageKeys } from './lead-dossier.service';

/** A file name from the lead's name, ASCII only so every mail client and browser keeps it. */
export const dossierFileName = (name: string | null) =>
  `lead-dossier-${
    (name || 'lead')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'lead'
  }.pdf`;

export async function dossierPdf(deps: Pick<RouteDeps, 'db' | 'storage'>, lead: Lead, now: Date) {
  const [dossier, keys] = await Promise.all([buildDossier(deps.db, lead), dossierImageKeys(deps.db, lead)]);
  const [before, after] = await Promise.all([
    keys.before ? deps.storage.get(keys.before) : null,
    keys.after ? deps.storage.get(keys.after) : null,
  ]);
  return { dossier, pdf: await renderDossierPdf(dossier, { before, after }, now) };
}

/** Queues the dossier email for each assigned contractor in one transaction; returns who it went to. */
export async function emailDossierToContractors(deps: RouteDeps, lead: Lead, now: Date): Promise<string[]> {
  const contractors = await assignedContractors(deps.db, lead.id);
  if (contractors.length === 0) throw invalid(DOSSIER_MESSAGES.noAssignedContractor);
  const { dossier, pdf } = await dossierPdf(deps, lead, now);
  const storageKey = `dossiers/${randomUUID()}.pdf`;
  await deps.storage.put(storageKey, Buffer.from(pdf));
  await deps.db.transaction().execute(async (trx) => {
    for (const contractor of contractors) {
      const email = renderDossierEmail({
        contractorName: contractor.name,
        dossier,
        dashboardUrl: `${deps.publicUrl}/contractor-dashboard`,
        postalAddress: deps.postalAddress,
      });
      await queueMail(
        trx,
        {
          kind: 'lead-dossier',
          to: contractor.email,
          ...email,
          leadId: lead.id,
          attachments: [{ filename: dossierFileName(lead.name), storageKey, contentType: 'application/pdf' }],
        },
        now,
      );
    }
  });
  await deps.domainEvents.emit('mail.queued', {});
  return contractors.map((contractor) => contractor.email);
}
