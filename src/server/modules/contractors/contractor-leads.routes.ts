// The contractor's own view (seed 001 §2 'Contractor Dashboard', §7 GET /api/contractor/leads): only the
// leads assigned to the signed-in contractor, enforced in the query, with their images served through
// routes that check the same assignment.
import type { FastifyInstance } from 'fastify';
import { HIGH_VALUE_LEAD_SCORE, RECENT_LEAD_DAYS } from '#shared/constants';
import { BACK_OFFICE_MESSAGES } from '#shared/messages';
import type { Db } from '#server/db/database';
import { AppError, notFound } from '#server/http/errors';
import type { Storage } from '#server/infra/storage/storage';
import { requireUser } from '#server/modules/auth/guards';
import { findContractorLeadImages, findContractorLeads } from '#server/modules/leads/lead-lists.repository';
import { findContractorByUser, findContractorZips } from './contractors.repository';
import { sendJpeg } from '#server/http/send-image';
import { DAY_MS } from '#shared/time';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractorLeadsResponseSchema } from '#shared/lead-row.schema';
import { nowOf, type Clock } from '#server/infra/clock';

export async function contractorLeadsRoutes(app: FastifyInstance, { db, storage, now }: { db: Db; storage: Storage; now?: Clock }) {
  /** The contractor record of the signed-in person; without one there is nothing to show. */
  async function ownContractor(userId: string) {
    const contractor = await findContractorByUser(db, userId);
    if (!contractor) throw new AppError('NOT_FOUND', BACK_OFFICE_MESSAGES.noDataAvailable);
    return contractor;
  }

  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/contractor/leads', { schema: { response: { 200: contractorLeadsResponseSchema } } }, async (request) => {
      const user = await request.currentUser();
      if (!user) throw new AppError('AUTHENTICATION_REQUIRED', BACK_OFFICE_MESSAGES.contractorLoginRequired);
      const contractor = await ownContractor(user.id);
      const zips = await findContractorZips(db, contractor.id);
      const at = nowOf({ now });
      const leads = await findContractorLeads(db, { id: contractor.id, userId: user.id }, at);
      const recentSince = new Date(at.getTime() - RECENT_LEAD_DAYS * DAY_MS).toISOString();
      const total = leads.length;
      return {
        success: true as const,
        contractor: {
          id: contractor.id,
          name: contractor.name,
          email: contractor.email,
          subscription_tier: contractor.subscription_tier,
          serves_all_zipcodes: contractor.serves_all_zipcodes,
        },
        leads,
        stats: {
          totalLeads: total,
          highValueLeads: leads.filter((lead) => lead.lead_score >= HIGH_VALUE_LEAD_SCORE).length,
          recentLeads: leads.filter((lead) => lead.created_at >= recentSince).length,
          avgLeadScore: total ? Math.round(leads.reduce((sum, lead) => sum + lead.lead_score, 0) / total) : 0,
        },
        assignedZipCodes: contractor.serves_all_zipcodes ? ['All MetroWest'] : zips,
      };
    });

  app.get<{ Params: { id: string; side: string } }>('/api/contractor/leads/:id/:side', async (request, reply) => {
    const user = await requireUser(request);
    const side = request.params.side;
    if (side !== 'before' && side !== 'after') throw notFound();
    const contractor = await ownContractor(user.id);
    const keys = await findContractorLeadImages(db, contractor.id, request.params.id);
    const key = keys?.[side];
    if (!key) throw notFound();
    return sendJpeg(reply, await storage.get(key));
  });
}
