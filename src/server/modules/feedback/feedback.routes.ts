// POST /api/feedback/submit (seed 000 §7): open to anyone; tied to a lead when lead_id names one (one rating
// per lead: a second replaces the first), otherwise anonymous. GET /api/testimonials: the approved quotes a
// town page shows.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feedbackSubmitSchema } from '#shared/site.schema';
import type { Db } from '#server/db/database';
import { findLead } from '#server/modules/leads/leads.repository';
import { findApprovedQuotes, saveFeedback } from './feedback.repository';
import { feedbackSubmitResponseSchema, testimonialsResponseSchema } from '#shared/site-response.schema';
import { z } from 'zod';
import { TOWN_SLUGS } from '#shared/pages';
import { TOWNS } from '#shared/towns';

export async function feedbackRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/feedback/submit',
    { schema: { body: feedbackSubmitSchema, response: { 200: feedbackSubmitResponseSchema } } },
    async (request) => {
      const { lead_id, rating, comment, source, page_location, quote_consent, quote_name } = request.body;
      const lead = lead_id ? await findLead(db, lead_id) : undefined;
      if (lead_id && !lead) request.log.warn({ lead_id }, 'feedback names an unknown lead; stored anonymously');
      const user = await request.currentUser();
      const id = await saveFeedback(
        db,
        {
          id: randomUUID(),
          lead_id: lead?.id ?? null,
          user_id: user?.id ?? null,
          rating,
          comment,
          source,
          page_location,
          quote_consent,
          quote_name: quote_consent ? quote_name : null,
        },
        new Date().toISOString(),
      );
      return { success: true as const, id };
    },
  );

  routes.get(
    '/api/testimonials',
    { schema: { querystring: testimonialsQuerySchema, response: { 200: testimonialsResponseSchema } } },
    async (request) => ({
      success: true as const,
      testimonials: await findApprovedQuotes(db, TOWNS[request.query.town].zipCodes, TESTIMONIALS_PER_TOWN),
    }),
  );
}

const TESTIMONIALS_PER_TOWN = 6;
const testimonialsQuerySchema = z.object({ town: z.enum(TOWN_SLUGS) });
