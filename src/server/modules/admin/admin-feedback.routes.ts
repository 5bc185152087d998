// GET /api/admin/get-all-feedback: the Feedback tab's table with each entry's lead, and the overview
// (count, average rating, entries with comments, count per star) over the whole date window.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOnly } from '#server/modules/auth/guards';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { toDateWindow, withDateWindow } from '#server/http/date-window';
import { listLimitField } from '#server/http/list-limit';
import { feedbackStats, findFeedback } from '#server/modules/feedback/feedback.repository';
import { feedbackResponseSchema } from '#shared/back-office.schema';

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
}
