// The Users tab: GET /api/admin/get-all-users, PUT /api/admin/update-user-role, DELETE /api/admin/delete-user.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '#shared/constants';
import { requireRole, adminOnly } from '#server/modules/auth/guards';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { toDateWindow, withDateWindow } from '#server/http/date-window';
import { listLimitField } from '#server/http/list-limit';
import { findUsers } from './admin-users.repository';
import { changeUserRole, deleteUser } from './user-admin.service';
import { adminUsersResponseSchema, okResponseSchema, roleChangedResponseSchema } from '#shared/back-office.schema';

const userId = z.string({ error: 'userId is required' }).trim().min(1, 'userId is required').max(100);
const updateRoleSchema = z.object({ userId, newRole: z.enum(ROLES, { error: `newRole must be one of ${ROLES.join(', ')}` }) });
const deleteUserSchema = z.object({ userId });

export async function adminUsersRoutes(app: FastifyInstance, deps: RouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = clockOf(deps);

  routes.get(
    '/api/admin/get-all-users',
    { onRequest: adminOnly, schema: { querystring: withDateWindow(listLimitField), response: { 200: adminUsersResponseSchema } } },
    async (request) => {
      const { users, total } = await findUsers(deps.db, toDateWindow(request.query, now()), request.query.limit);
      return { success: true as const, users, total };
    },
  );

  routes.put(
    '/api/admin/update-user-role',
    { onRequest: adminOnly, schema: { body: updateRoleSchema, response: { 200: roleChangedResponseSchema } } },
    async (request) => {
      const actor = await requireRole(request, 'admin');
      const { contractorLink } = await changeUserRole(deps.db, actor, request.body.userId, request.body.newRole, now());
      return { success: true as const, ...(contractorLink ? { contractorLink } : {}) };
    },
  );

  routes.delete(
    '/api/admin/delete-user',
    { onRequest: adminOnly, schema: { body: deleteUserSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      const actor = await requireRole(request, 'admin');
      await deleteUser(
        { db: deps.db, storage: deps.storage, domainEvents: deps.domainEvents, log: request.log },
        actor,
        request.body.userId,
        now(),
      );
      return { success: true as const };
    },
  );
}
