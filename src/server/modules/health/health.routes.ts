// GET /api/health: is the database reachable, is storage writable. 503 when either is down.
import type { FastifyInstance } from 'fastify';
import { pingDatabase, type Db } from '#server/db/database';
import type { Storage } from '#server/infra/storage/storage';
import { healthResponseSchema } from '#shared/site-response.schema';

type Status = 'up' | 'down';

export async function healthRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }) {
  app.get('/api/health', { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } }, async (_request, reply) => {
    const [database, files] = await Promise.all([
      pingDatabase(db).then<Status>((up) => (up ? 'up' : 'down')),
      storage.isHealthy().then<Status>((healthy) => (healthy ? 'up' : 'down')),
    ]);
    const healthy = database === 'up' && files === 'up';
    return reply.status(healthy ? 200 : 503).send({ success: healthy, status: healthy ? 'ok' : 'degraded', database, storage: files });
  });
}
