// GET /api/admin/get-all-feedback: the Feedback tab's table with each entry's lead, and the overview
// (count, average rating, entries with comments, count per star) over the whole date window; and the
// approval of a homeowner's quote for the town pages.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOnly } from '#server/modules/auth/guards';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { toDateWindow, withDateWindow } from '#server/http/date-window';
import { listLimitField } from '#server/http/list-limit';
import { feedbackStats, findFeedback, setQuoteApproval } from '#server/modules/feedback/feedback.repository';
import { feedbackResponseSchema, okResponseSchema, quoteApprovalSchema } from '#shared/back-office.schema';
import { invalid, notFound } from '#server/http/errors';
import { PRODUCT_MESSAGES } from '#shared/messages';
import { z } from 'zod';

export async function adminFeedbackRoutes(app: FastifyInstance, deps: RouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/get-all-feedback',
    { onRequest: adminOnly, schema: { querystring: withDateWindow(listLimitField), response: { 200: feedbackResponseSchema } } },
    async (request) => {
      const window = toDateWindow(request.query, clockOf(deps)());
      const [feedback, stats] = await Promise.all([findFeedback(deps.db, window, request.query.limit), feedbackStats(deps.db, window)]);
      return { success: true as const, feedback, stats };
    },
  );

  /** A homeowner's quote on their town's page: only when they agreed to be quoted, and only once an admin approves. */
  routes.post(
    '/api/admin/feedback/:id/quote',
    {
      onRequest: adminOnly,
      schema: { params: z.object({ id: z.string().max(100) }), body: quoteApprovalSchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      const outcome = await setQuoteApproval(deps.db, request.params.id, request.body.approved ? clockOf(deps)().toISOString() : null);
      if (outcome === 'not-found') throw notFound(PRODUCT_MESSAGES.feedbackNotFound);
      if (outcome === 'no-consent') throw invalid(PRODUCT_MESSAGES.quoteNotConsented);
      return { success: true as const };
    },
  );
}
