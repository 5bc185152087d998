// The lead dossier's calls: the dossier itself and its images, the one-page PDF, 'Email Contractor'
// (admins) and the insight notes. Admins reach any lead; a contractor only a lead assigned to them
// (leadForViewer), everyone else is turned away before any lead is read.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INSIGHT_MAX_LENGTH } from '#shared/lead-dossier';
import { DOSSIER_MESSAGES } from '#shared/messages';
import { invalid, notFound } from '#server/http/errors';
import { queueMail } from '#server/infra/mail/outbox';
import { adminOnly, adminOrContractor, requireRole } from '#server/modules/auth/guards';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { sendJpeg } from '#server/http/send-image';
import { renderDossierEmail } from './dossier-email';
import { renderDossierPdf } from './dossier-pdf';
import { leadForViewer } from './lead-access';
import { addInsight, assignedContractors, buildDossier, dossierImageKeys, listInsights } from './lead-dossier.service';

const leadParams = z.object({ leadId: z.string().trim().min(1).max(100) });
const insightBody = z.object({
  body: z
    .string({ error: DOSSIER_MESSAGES.insightRequired })
    .trim()
    .min(1, DOSSIER_MESSAGES.insightRequired)
    .max(INSIGHT_MAX_LENGTH, DOSSIER_MESSAGES.insightTooLong),
});

/** A file name from the lead's name, ASCII only so every mail client and browser keeps it. */
export const dossierFileName = (name: string | null) =>
  `lead-dossier-${
    (name || 'lead')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'lead'
  }.pdf`;

export async function leadDossierRoutes(app: FastifyInstance, deps: RouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = clockOf(deps);

  async function dossierPdf(lead: Parameters<typeof buildDossier>[1]) {
    const [dossier, keys] = await Promise.all([buildDossier(deps.db, lead), dossierImageKeys(deps.db, lead)]);
    const [before, after] = await Promise.all([
      keys.before ? deps.storage.get(keys.before) : null,
      keys.after ? deps.storage.get(keys.after) : null,
    ]);
    return { dossier, pdf: await renderDossierPdf(dossier, { before, after }, now()) };
  }

  routes.get('/api/leads/:leadId/dossier', { onRequest: adminOrContractor, schema: { params: leadParams } }, async (request) => {
    const viewer = await requireRole(request, 'admin', 'contractor');
    const lead = await leadForViewer(deps.db, viewer, request.params.leadId);
    return { success: true, dossier: await buildDossier(deps.db, lead) };
  });

  routes.get(
    '/api/leads/:leadId/dossier/:side',
    { onRequest: adminOrContractor, schema: { params: leadParams.extend({ side: z.enum(['before', 'after']) }) } },
    async (request, reply) => {
      const viewer = await requireRole(request, 'admin', 'contractor');
      const lead = await leadForViewer(deps.db, viewer, request.params.leadId);
      const key = (await dossierImageKeys(deps.db, lead))[request.params.side];
      if (!key) throw notFound();
      return sendJpeg(reply, await deps.storage.get(key));
    },
  );

  routes.get('/api/leads/:leadId/dossier.pdf', { onRequest: adminOrContractor, schema: { params: leadParams } }, async (request, reply) => {
    const viewer = await requireRole(request, 'admin', 'contractor');
    const lead = await leadForViewer(deps.db, viewer, request.params.leadId);
    const { pdf } = await dossierPdf(lead);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${dossierFileName(lead.name)}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  });

  // 'Email Contractor': the dossier PDF goes to every contractor the lead is assigned to, through the
  // outbox (stored first, so the sender attaches it like any other file and retries keep the same bytes).
  routes.post('/api/leads/:leadId/dossier/email', { onRequest: adminOnly, schema: { params: leadParams } }, async (request) => {
    const admin = await requireRole(request, 'admin');
    const lead = await leadForViewer(deps.db, admin, request.params.leadId);
    const contractors = await assignedContractors(deps.db, lead.id);
    if (contractors.length === 0) throw invalid(DOSSIER_MESSAGES.noAssignedContractor);
    const { dossier, pdf } = await dossierPdf(lead);
    const storageKey = `dossiers/${randomUUID()}.pdf`;
    await deps.storage.put(storageKey, Buffer.from(pdf));
    const at = now();
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
          at,
        );
      }
    });
    await deps.domainEvents.emit('mail.queued', {});
    return {
      success: true,
      message: DOSSIER_MESSAGES.dossierQueued(contractors.length),
      recipients: contractors.map((contractor) => contractor.email),
    };
  });

  routes.get('/api/leads/:leadId/insights', { onRequest: adminOrContractor, schema: { params: leadParams } }, async (request) => {
    const viewer = await requireRole(request, 'admin', 'contractor');
    const lead = await leadForViewer(deps.db, viewer, request.params.leadId);
    return { success: true, insights: await listInsights(deps.db, lead.id) };
  });

  routes.post(
    '/api/leads/:leadId/insights',
    { onRequest: adminOrContractor, schema: { params: leadParams, body: insightBody } },
    async (request, reply) => {
      const viewer = await requireRole(request, 'admin', 'contractor');
      const lead = await leadForViewer(deps.db, viewer, request.params.leadId);
      const insight = await addInsight(deps.db, viewer, lead.id, request.body.body, now());
      return reply.code(201).send({ success: true, insight });
    },
  );
}
