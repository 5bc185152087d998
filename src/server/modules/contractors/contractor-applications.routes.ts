// Applications from the site's 'Join as Contractor' form: GET /api/admin/contractor-applications lists them;
// approving one creates the contractor record (not active until an admin says so) and emails the
// invitation; rejecting one only marks it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, adminOnly } from '#server/modules/auth/guards';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { approveApplicationSchema } from '#shared/contractor.schema';
import { approveApplication, rejectApplication } from './contractor-application.service';
import { findApplications } from './contractor-applications.repository';
import { withFieldErrors } from '#server/http/field-errors';
import { toDateWindow, withDateWindow } from '#server/http/date-window';
import { listLimitField } from '#server/http/list-limit';
import {
  APPLICATION_STATUSES,
  applicationsResponseSchema,
  contractorCreatedResponseSchema,
  okResponseSchema,
} from '#shared/back-office.schema';

const listQuerySchema = withDateWindow({
  ...listLimitField,
  status: z.preprocess(
    (value) => (value === '' || value === 'all' ? undefined : value),
    z.enum(APPLICATION_STATUSES, { error: `status must be one of ${APPLICATION_STATUSES.join(', ')}` }).optional(),
  ),
});
const idParams = z.object({ id: z.string().min(1).max(100) });

export async function contractorApplicationsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = clockOf(deps);

  routes.get(
    '/api/admin/contractor-applications',
    { onRequest: adminOnly, schema: { querystring: listQuerySchema, response: { 200: applicationsResponseSchema } } },
    async (request) => {
      const { status, limit } = request.query;
      const applications = await findApplications(deps.db, { window: toDateWindow(request.query, now()), status, limit });
      return { success: true as const, applications };
    },
  );

  routes.post(
    '/api/admin/contractor-applications/:id/approve',
    {
      onRequest: adminOnly,
      schema: { params: idParams, body: approveApplicationSchema, response: { 200: contractorCreatedResponseSchema } },
      errorHandler: withFieldErrors,
    },
    async (request) => {
      const actor = await requireRole(request, 'admin');
      const created = await approveApplication(deps, request.params.id, request.body, actor.id, now());
      await deps.domainEvents.emit('mail.queued', {});
      return { success: true as const, contractor: created.contractor, invitation: created.invitation };
    },
  );

  routes.post(
    '/api/admin/contractor-applications/:id/reject',
    { onRequest: adminOnly, schema: { params: idParams, response: { 200: okResponseSchema } } },
    async (request) => {
      await rejectApplication(deps.db, request.params.id);
      return { success: true as const };
    },
  );
}
