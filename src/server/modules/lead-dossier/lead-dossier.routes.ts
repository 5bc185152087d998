// The lead dossier's calls: the dossier itself and its images, the one-page PDF, 'Email Contractor'
// (admins) and the insight notes. Admins reach any lead; a contractor only a lead assigned to them
// (leadForViewer), everyone else is turned away before any lead is read.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INSIGHT_MAX_LENGTH } from '#shared/lead-dossier';
import { DOSSIER_MESSAGES } from '#shared/messages';
import { notFound } from '#server/http/errors';
import { adminOnly, adminOrContractor, requireRole } from '#server/modules/auth/guards';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { sendJpeg } from '#server/http/send-image';
import { dossierFileName, dossierPdf, emailDossierToContractors } from './dossier-delivery.service';
import { leadForViewer } from './lead-access';
import { addInsight, buildDossier, dossierImageKeys, listInsights } from './lead-dossier.service';
import {
  dossierResponseSchema,
  dossierEmailResponseSchema,
  insightsResponseSchema,
  insightResponseSchema,
} from '#shared/lead-dossier.schema';

const leadParams = z.object({ leadId: z.string().trim().min(1).max(100) });
const insightBody = z.object({
  body: z
    .string({ error: DOSSIER_MESSAGES.insightRequired })
    .trim()
    .min(1, DOSSIER_MESSAGES.insightRequired)
    .max(INSIGHT_MAX_LENGTH, DOSSIER_MESSAGES.insightTooLong),
});

export async function leadDossierRoutes(app: FastifyInstance, deps: RouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = clockOf(deps);

  routes.get(
    '/api/leads/:leadId/dossier',
    { onRequest: adminOrContractor, schema: { params: leadParams, response: { 200: dossierResponseSchema } } },
    async (request) => {
      const viewer = await requireRole(request, 'admin', 'contractor');
      const lead = await leadForViewer(deps.db, viewer, request.params.leadId);
      return { success: true as const, dossier: await buildDossier(deps.db, lead) };
    },
  );

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
    const { pdf } = await dossierPdf(deps, lead, now());
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${dossierFileName(lead.name)}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  });

  // 'Email Contractor': the dossier PDF goes to every contractor the lead is assigned to, through the
  // outbox (stored first, so the sender attaches it like any other file and retries keep the same bytes).
  routes.post(
    '/api/leads/:leadId/dossier/email',
    { onRequest: adminOnly, schema: { params: leadParams, response: { 200: dossierEmailResponseSchema } } },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      const lead = await leadForViewer(deps.db, admin, request.params.leadId);
      const recipients = await emailDossierToContractors(deps, lead, now());
      return { success: true as const, message: DOSSIER_MESSAGES.dossierQueued(recipients.length), recipients };
    },
  );

  routes.get(
    '/api/leads/:leadId/insights',
    { onRequest: adminOrContractor, schema: { params: leadParams, response: { 200: insightsResponseSchema } } },
    async (request) => {
      const viewer = await requireRole(request, 'admin', 'contractor');
      const lead = await leadForViewer(deps.db, viewer, request.params.leadId);
      return { success: true as const, insights: await listInsights(deps.db, lead.id) };
    },
  );

  routes.post(
    '/api/leads/:leadId/insights',
    { onRequest: adminOrContractor, schema: { params: leadParams, body: insightBody, response: { 201: insightResponseSchema } } },
    async (request, reply) => {
      const viewer = await requireRole(request, 'admin', 'contractor');
      const lead = await leadForViewer(deps.db, viewer, request.params.leadId);
      const insight = await addInsight(deps.db, viewer, lead.id, request.body.body, now());
      return reply.code(201).send({ success: true as const, insight });
    },
  );
}
