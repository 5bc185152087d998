// POST /api/recalculate-lead-scores: the Leads tab's 'Recalculate Scores' button (refits the close
// model when enough outcomes exist, then rescores every lead). GET /api/admin/lead-scoring-model: the
// close model in use, for the admin's model panel (docs/lead-scoring.md).
import type { FastifyInstance } from 'fastify';
import { BACK_OFFICE_MESSAGES } from '#shared/messages';
import { describeCloseModel } from '#server/modules/scoring/scoring-model.repository';
import { adminOnly } from './admin-guard';
import { clockOf, type BackOfficeDeps } from './back-office-deps';
import { recalculateLeadScores } from './score-recalculation.service';

export async function leadScoresRoutes(app: FastifyInstance, deps: BackOfficeDeps) {
  app.post('/api/recalculate-lead-scores', { onRequest: adminOnly }, async () => {
    const { leads, updated, model } = await recalculateLeadScores(deps.db, clockOf(deps)());
    return { success: true, message: BACK_OFFICE_MESSAGES.recalculated, leads, updated, model };
  });

  app.get('/api/admin/lead-scoring-model', { onRequest: adminOnly }, async () => ({ success: true, ...(await describeCloseModel(deps.db)) }));
}
