// The homeowner's own data: GET /api/account/export (a zip) and DELETE /api/account (typed email as the
// confirmation). Admins do the same for a user on request: GET /api/admin/users/:userId/export, and the
// Users tab's delete, which runs the same erasure.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_EXPORT_PATH, deleteAccountSchema, accountDeletedResponseSchema } from '#shared/account.schema';
import { ACCOUNT_MESSAGES } from '#shared/messages';
import type { Db } from '#server/db/database';
import { invalid } from '#server/http/errors';
import type { Storage } from '#server/infra/storage/storage';
import { adminOnly, requireRole, requireUser, signedIn } from '#server/modules/auth/guards';
import { eraseAccount } from './account-erasure.service';
import { buildAccountExport, type AccountExport } from './account-export.service';
import { clockOf, type Clock } from '#server/infra/clock';
import type { DomainEvents } from '#server/infra/domain-events';

export type AccountRoutesDeps = { db: Db; storage: Storage; domainEvents: DomainEvents; now?: Clock };

const sendExport = (reply: FastifyReply, { filename, stream }: AccountExport) =>
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${filename}"`)
    // Personal data: never kept by a shared cache.
    .header('cache-control', 'private, no-store')
    .send(stream);

export async function accountRoutes(app: FastifyInstance, deps: AccountRoutesDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = clockOf(deps);

  routes.get(ACCOUNT_EXPORT_PATH, async (request, reply) => {
    const user = await requireUser(request);
    return sendExport(reply, await buildAccountExport(deps, user.id, now()));
  });

  routes.delete(
    '/api/account',
    { onRequest: signedIn, schema: { body: deleteAccountSchema, response: { 200: accountDeletedResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      if (request.body.confirmEmail.toLowerCase() !== user.email.toLowerCase()) throw invalid(ACCOUNT_MESSAGES.confirmEmailMismatch);
      await eraseAccount({ ...deps, log: request.log }, user.id, 'self-service', now());
      return { success: true as const, message: ACCOUNT_MESSAGES.deleted };
    },
  );

  routes.get(
    '/api/admin/users/:userId/export',
    { onRequest: adminOnly, schema: { params: z.object({ userId: z.string().min(1).max(100) }) } },
    async (request, reply) => {
      const admin = await requireRole(request, 'admin');
      // Someone's personal data leaving the system: worth a line naming who asked and for whom.
      request.log.info({ adminId: admin.id, userId: request.params.userId }, 'admin exported a user’s data');
      return sendExport(reply, await buildAccountExport(deps, request.params.userId, now()));
    },
  );
}
