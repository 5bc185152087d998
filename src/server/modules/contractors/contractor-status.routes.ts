// PUT /api/contractor/leads/:leadId/status: the contractor dashboard's own status update (contacted,
// quoted, converted, dead, with an optional note). Contractors only; the admin's PUT /api/leads/update-status
// stays as the seed has it. Both go through updateLeadStatus, which checks the assignment inside its
// transaction, records who and when, the first response time and conversions.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LeadStatus } from '#shared/constants';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { contractorOnly, requireRole } from '#server/modules/auth/guards';
import { updateLeadStatus } from '#server/modules/leads/lead-status.service';
import { leadForViewer } from '#server/modules/lead-dossier/lead-access';
import { okResponseSchema } from '#shared/back-office.schema';
import { leadStatusOn } from '#server/modules/leads/lead-status.store';

/** The same four as CONTRACTOR_SETTABLE_STATUSES in the service, which enforces them again. */
const CONTRACTOR_STATUSES = ['contacted', 'quoted', 'converted', 'dead'] as const satisfies readonly LeadStatus[];

const statusSchema = z.object({
  status: z.enum(CONTRACTOR_STATUSES, { error: `status must be one of ${CONTRACTOR_STATUSES.join(', ')}` }),
  note: z.string().trim().max(2000, 'note must be at most 2000 characters').nullish(),
});

export async function contractorStatusRoutes(app: FastifyInstance, deps: Pick<RouteDeps, 'db' | 'now'>) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.put(
    '/api/contractor/leads/:leadId/status',
    {
      onRequest: contractorOnly,
      schema: { params: z.object({ leadId: z.string().trim().min(1).max(100) }), body: statusSchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      const contractor = await requireRole(request, 'contractor');
      // Another contractor's lead answers 404 here, as on every other contractor route.
      await leadForViewer(deps.db, contractor, request.params.leadId);
      await updateLeadStatus(leadStatusOn(deps.db), contractor, { leadId: request.params.leadId, ...request.body }, clockOf(deps)());
      return { success: true as const };
    },
  );
}
