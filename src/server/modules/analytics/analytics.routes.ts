// POST /api/events/batch: page views and time on site from the browser (sent with sendBeacon when a
// page is left). Recorded for signed-in users only; without a session the batch is skipped, not refused.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { trackEventsSchema } from '#shared/site.schema';
import type { Db } from '#server/db/database';
import type { DomainEvents } from '#server/infra/domain-events';
import { recordActivity } from './activity.service';
import { eventsRecordedResponseSchema } from '#shared/site-response.schema';

export async function analyticsRoutes(app: FastifyInstance, { db, domainEvents }: { db: Db; domainEvents: DomainEvents }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // sendBeacon posts text/plain unless given a typed Blob; accept both.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(null, {});
    }
  });

  routes.post(
    '/api/events/batch',
    { schema: { body: trackEventsSchema, response: { 200: eventsRecordedResponseSchema } } },
    async (request) => {
      const user = await request.currentUser();
      if (!user) return { success: true as const, recorded: 0, skipped: request.body.events.length };
      return { success: true as const, ...(await recordActivity({ db, domainEvents }, user, request.body.events, new Date())) };
    },
  );
}
