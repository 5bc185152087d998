// The Users tab: GET /api/admin/get-all-users, PUT /api/admin/update-user-role, DELETE /api/admin/delete-user.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '#shared/constants';
import type { Db } from '#server/db/database';
import { requireRole, adminOnly } from '#server/modules/auth/guards';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { toDateWindow, withDateWindow, type DateWindow } from '#server/http/date-window';
import { listLimitField } from '#server/http/list-limit';
import { withinWindow } from '#server/db/sql-dialect';
import { changeUserRole, deleteUser } from './user-admin.service';

const userId = z.string({ error: 'userId is required' }).trim().min(1, 'userId is required').max(100);
const updateRoleSchema = z.object({ userId, newRole: z.enum(ROLES, { error: `newRole must be one of ${ROLES.join(', ')}` }) });
const deleteUserSchema = z.object({ userId });

async function findUsers(db: Db, window: DateWindow, limit: number) {
  const matching = db.selectFrom('users').$call(withinWindow('users.created_at', window));
  const [users, total] = await Promise.all([
    matching
      .select(['id', 'email', 'name', 'role', 'login_count', 'ai_renderings_count', 'total_time_on_site_ms', 'last_login_at', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    matching
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.count)),
  ]);
  return { users, total };
}

export async function adminUsersRoutes(app: FastifyInstance, deps: RouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = clockOf(deps);

  routes.get(
    '/api/admin/get-all-users',
    { onRequest: adminOnly, schema: { querystring: withDateWindow(listLimitField) } },
    async (request) => {
      const { users, total } = await findUsers(deps.db, toDateWindow(request.query, now()), request.query.limit);
      return { success: true, users, total };
    },
  );

  routes.put('/api/admin/update-user-role', { onRequest: adminOnly, schema: { body: updateRoleSchema } }, async (request) => {
    const actor = await requireRole(request, 'admin');
    await changeUserRole(deps.db, actor, request.body.userId, request.body.newRole, now());
    return { success: true };
  });

  routes.delete('/api/admin/delete-user', { onRequest: adminOnly, schema: { body: deleteUserSchema } }, async (request) => {
    const actor = await requireRole(request, 'admin');
    await deleteUser({ db: deps.db, storage: deps.storage, log: request.log }, actor, request.body.userId, now());
    return { success: true };
  });
}
