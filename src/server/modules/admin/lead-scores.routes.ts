// POST /api/recalculate-lead-scores: the Leads tab's 'Recalculate Scores' button.
import type { FastifyInstance } from 'fastify';
import { BACK_OFFICE_MESSAGES } from '../../../shared/messages';
import { adminOnly } from './admin-guard';
import { clockOf, type BackOfficeDeps } from './back-office-deps';
import { recalculateLeadScores } from './score-recalculation.service';

export async function leadScoresRoutes(app: FastifyInstance, deps: BackOfficeDeps) {
  app.post('/api/recalculate-lead-scores', { onRequest: adminOnly }, async () => {
    const { leads, updated } = await recalculateLeadScores(deps.db, clockOf(deps)());
    return { success: true, message: BACK_OFFICE_MESSAGES.recalculated, leads, updated };
  });
}
