// PUT /api/leads/update-status: admins for any lead, contractors for the leads assigned to them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LEAD_STATUSES } from '#shared/constants';
import { adminOrContractor, requireRole } from '#server/modules/auth/guards';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { updateLeadStatus } from './lead-status.service';
import { okResponseSchema } from '#shared/back-office.schema';
import { leadStatusOn } from './lead-status.store';

const updateStatusSchema = z.object({
  leadId: z.string({ error: 'leadId is required' }).trim().min(1, 'leadId is required').max(100),
  status: z.enum(LEAD_STATUSES, { error: `status must be one of ${LEAD_STATUSES.join(', ')}` }),
  note: z.string().trim().max(2000, 'note must be at most 2000 characters').nullish(),
});

export async function leadStatusRoutes(app: FastifyInstance, deps: RouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.put(
    '/api/leads/update-status',
    { onRequest: adminOrContractor, schema: { body: updateStatusSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      const actor = await requireRole(request, 'admin', 'contractor');
      await updateLeadStatus(leadStatusOn(deps.db), actor, request.body, clockOf(deps)());
      return { success: true as const };
    },
  );
}
