// Applications from the site's 'Join as Contractor' form: GET /api/admin/contractor-applications lists them;
// approving one creates the contractor record (not active until an admin says so) and emails the
// invitation; rejecting one only marks it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '#server/db/database';
import { AppError, notFound } from '#server/http/errors';
import { requireRole, adminOnly } from '#server/modules/auth/guards';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { ADMIN_MESSAGES } from '#shared/messages';
import { approveApplicationSchema } from './contractor.schema';
import { createContractor } from './contractor.service';
import { withFieldErrors } from './contractors.routes';
import { toDateWindow, withDateWindow } from '#server/http/date-window';
import { listLimitField } from '#server/http/list-limit';
import { withinWindow } from '#server/db/sql-dialect';

const APPLICATION_STATUSES = ['new', 'reviewed', 'approved', 'rejected'] as const;
const listQuerySchema = withDateWindow({
  ...listLimitField,
  status: z.preprocess(
    (value) => (value === '' || value === 'all' ? undefined : value),
    z.enum(APPLICATION_STATUSES, { error: `status must be one of ${APPLICATION_STATUSES.join(', ')}` }).optional(),
  ),
});
const idParams = z.object({ id: z.string().min(1).max(100) });

/** The application, unless it was decided already. */
async function openApplication(trx: Db, id: string) {
  const application = await trx.selectFrom('contractor_applications').selectAll().where('id', '=', id).executeTakeFirst();
  if (!application) throw notFound(ADMIN_MESSAGES.applicationNotFound);
  if (application.status === 'approved' || application.status === 'rejected')
    throw new AppError('CONFLICT', ADMIN_MESSAGES.applicationDecided(application.status));
  return application;
}

/** The conditional update makes approve and reject race-safe: only one decision changes the row. */
async function decide(trx: Db, id: string, status: 'approved' | 'rejected') {
  const updated = await trx
    .updateTable('contractor_applications')
    .set({ status })
    .where('id', '=', id)
    .where('status', 'not in', ['approved', 'rejected'])
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    const current = await trx.selectFrom('contractor_applications').select('status').where('id', '=', id).executeTakeFirst();
    throw new AppError('CONFLICT', ADMIN_MESSAGES.applicationDecided(current?.status ?? status));
  }
}

export async function contractorApplicationsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = clockOf(deps);

  routes.get('/api/admin/contractor-applications', { onRequest: adminOnly, schema: { querystring: listQuerySchema } }, async (request) => {
    const applications = await deps.db
      .selectFrom('contractor_applications')
      .$call(withinWindow('contractor_applications.created_at', toDateWindow(request.query, now())))
      .$if(request.query.status !== undefined, (qb) => qb.where('status', '=', request.query.status!))
      .select(['id', 'name', 'company', 'email', 'phone', 'trade', 'service_area', 'message', 'status', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(request.query.limit)
      .execute();
    return { success: true, applications };
  });

  routes.post(
    '/api/admin/contractor-applications/:id/approve',
    { onRequest: adminOnly, schema: { params: idParams, body: approveApplicationSchema }, errorHandler: withFieldErrors },
    async (request) => {
      const actor = await requireRole(request, 'admin');
      const created = await deps.db.transaction().execute(async (trx) => {
        const application = await openApplication(trx, request.params.id);
        await decide(trx, application.id, 'approved');
        return createContractor(
          trx,
          deps,
          {
            // The company is who leads are sold to; the applicant's own name is in the application.
            name: application.company || application.name,
            email: application.email,
            ...request.body,
            applicationId: application.id,
          },
          actor.id,
          now(),
        );
      });
      await deps.domainEvents.emit('mail.queued', {});
      return { success: true, contractor: created.contractor, invitation: created.invitation };
    },
  );

  routes.post('/api/admin/contractor-applications/:id/reject', { onRequest: adminOnly, schema: { params: idParams } }, async (request) => {
    await deps.db.transaction().execute(async (trx) => {
      const application = await openApplication(trx, request.params.id);
      await decide(trx, application.id, 'rejected');
    });
    return { success: true };
  });
}
