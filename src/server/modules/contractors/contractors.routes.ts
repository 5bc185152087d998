// The Contractors tab: GET /api/admin/get-all-contractors, POST /api/admin/add-contractor (which also
// emails the invitation), PUT /api/admin/update-contractor.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRole, adminOnly } from '#server/modules/auth/guards';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { addContractorSchema, updateContractorSchema } from '#shared/contractor.schema';
import { addContractor, updateContractor } from './contractor.service';
import { listContractors } from './contractors.repository';
import { withFieldErrors } from '#server/http/field-errors';
import { contractorsResponseSchema, contractorCreatedResponseSchema, okResponseSchema } from '#shared/back-office.schema';

export async function contractorsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = clockOf(deps);

  routes.get(
    '/api/admin/get-all-contractors',
    { onRequest: adminOnly, schema: { response: { 200: contractorsResponseSchema } } },
    async () => ({
      success: true as const,
      contractors: await listContractors(deps.db),
    }),
  );

  routes.post(
    '/api/admin/add-contractor',
    {
      onRequest: adminOnly,
      schema: { body: addContractorSchema, response: { 200: contractorCreatedResponseSchema } },
      errorHandler: withFieldErrors,
    },
    async (request) => {
      const actor = await requireRole(request, 'admin');
      const created = await addContractor(deps, request.body, actor.id, now());
      return { success: true as const, contractor: created.contractor, invitation: created.invitation };
    },
  );

  routes.put(
    '/api/admin/update-contractor',
    { onRequest: adminOnly, schema: { body: updateContractorSchema, response: { 200: okResponseSchema } }, errorHandler: withFieldErrors },
    async (request) => {
      await updateContractor(deps.db, request.body.contractorId, request.body.updates, now());
      return { success: true as const };
    },
  );
}
