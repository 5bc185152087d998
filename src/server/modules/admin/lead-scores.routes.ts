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

export async function leadScoresRoutes(app: FastifyInstance, deps: RouteDeps) {
  app.post('/api/recalculate-lead-scores', { onRequest: adminOnly }, async () => {
    const { leads, updated, model } = await recalculateLeadScores(deps.db, clockOf(deps)());
    return { success: true, message: BACK_OFFICE_MESSAGES.recalculated, leads, updated, model };
  });

  app.get('/api/admin/lead-scoring-model', { onRequest: adminOnly }, async () => ({
    success: true,
    ...(await describeCloseModel(deps.db)),
  }));
}
