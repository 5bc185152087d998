// My Designs (GET /api/my-designs, DELETE /api/my-designs/:id): the signed-in homeowner's own designs.
import type { DomainEvents } from '#server/infra/domain-events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '#server/db/database';
import type { Log } from '#server/infra/log';
import type { Storage } from '#server/infra/storage/storage';
import { requireUser } from '#server/modules/auth/guards';
import { okResponseSchema } from '#shared/back-office.schema';
import { myDesignsQuerySchema, myDesignsResponseSchema } from '#shared/my-designs.schema';
import { deleteMyDesign, listMyDesigns } from './my-designs.service';

export async function myDesignsRoutes(
  app: FastifyInstance,
  deps: { db: Db; storage: Storage; domainEvents: DomainEvents; log?: Pick<Log, 'warn'> },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/my-designs',
    { schema: { querystring: myDesignsQuerySchema, response: { 200: myDesignsResponseSchema } } },
    async (request) => listMyDesigns(deps.db, await requireUser(request), request.query.cursor),
  );

  routes.delete(
    '/api/my-designs/:id',
    { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: okResponseSchema } } },
    async (request) => {
      await deleteMyDesign(deps, await requireUser(request), request.params.id);
      return { success: true as const };
    },
  );
}
