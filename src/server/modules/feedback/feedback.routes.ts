// POST /api/feedback/submit (seed 000 §7): open to anyone; tied to a lead when lead_id names one,
// otherwise anonymous.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feedbackSubmitSchema } from '#shared/site.schema';
import type { Db } from '#server/db/database';
import { findLead } from '#server/modules/leads/leads.repository';
import { insertFeedback } from './feedback.repository';
import { feedbackSubmitResponseSchema } from '#shared/site-response.schema';

export async function feedbackRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/feedback/submit',
    { schema: { body: feedbackSubmitSchema, response: { 200: feedbackSubmitResponseSchema } } },
    async (request) => {
      const { lead_id, rating, comment, source, page_location } = request.body;
      const lead = lead_id ? await findLead(db, lead_id) : undefined;
      if (lead_id && !lead) request.log.warn({ lead_id }, 'feedback names an unknown lead; stored anonymously');
      const user = await request.currentUser();
      const id = randomUUID();
      await insertFeedback(db, { id, lead_id: lead?.id ?? null, user_id: user?.id ?? null, rating, comment, source, page_location });
      return { success: true as const, id };
    },
  );
}
