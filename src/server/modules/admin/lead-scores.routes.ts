// POST /api/recalculate-lead-scores: the Leads tab's 'Recalculate Scores' button (refits the close
// model when enough outcomes exist, then rescores every lead). GET /api/admin/lead-scoring-model: the
// close model in use, for the admin's model panel (docs/lead-scoring.md).
import type { FastifyInstance } from 'fastify';
import { BACK_OFFICE_MESSAGES } from '#shared/messages';
import { describeCloseModel } from '#server/modules/scoring/scoring-model.repository';
import { adminOnly } from '#server/modules/auth/guards';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { recalculateLeadScores } from '#server/modules/scoring/score-recalculation.service';
import { recalculateScoresResponseSchema } from '#shared/back-office.schema';
import { leadScoringModelResponseSchema } from '#shared/lead-scoring-model';

export async function leadScoresRoutes(app: FastifyInstance, deps: RouteDeps) {
  app.post(
    '/api/recalculate-lead-scores',
    { onRequest: adminOnly, schema: { response: { 200: recalculateScoresResponseSchema } } },
    async () => {
      const { leads, updated, model } = await recalculateLeadScores(deps.db, clockOf(deps)());
      return { success: true as const, message: BACK_OFFICE_MESSAGES.recalculated, leads, updated, model };
    },
  );

  app.get(
    '/api/admin/lead-scoring-model',
    { onRequest: adminOnly, schema: { response: { 200: leadScoringModelResponseSchema } } },
    async () => ({
      success: true as const,
      ...(await describeCloseModel(deps.db)),
    }),
  );
}
