// POST /api/recalculate-lead-scores: the Leads tab's 'Recalculate Scores' button. It queues a background
// recalculation (refit the close model when enough outcomes exist, then rescore every lead) and answers at
// once; GET /api/admin/lead-score-recalculation is the progress the tab polls. GET
// /api/admin/lead-scoring-model: the close model in use, for the admin's model panel (docs/lead-scoring.md).
import type { FastifyInstance } from 'fastify';
import { BACK_OFFICE_LABELS } from '#shared/messages';
import { describeCloseModel } from '#server/modules/scoring/scoring-model.repository';
import { adminOnly } from '#server/modules/auth/guards';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { latestRecalculation, requestRecalculation, type RecalculationRunner } from '#server/modules/scoring/score-recalculation-runs';
import { recalculateScoresResponseSchema, scoreRecalculationResponseSchema } from '#shared/back-office.schema';
import { leadScoringModelResponseSchema } from '#shared/lead-scoring-model';

export async function leadScoresRoutes(app: FastifyInstance, deps: RouteDeps & { recalculations: Pick<RecalculationRunner, 'wake'> }) {
  app.post(
    '/api/recalculate-lead-scores',
    { onRequest: adminOnly, schema: { response: { 200: recalculateScoresResponseSchema } } },
    async (request) => {
      const admin = await request.currentUser();
      const recalculation = await requestRecalculation(deps.db, admin?.id ?? null, clockOf(deps)());
      deps.recalculations.wake();
      return { success: true as const, message: BACK_OFFICE_LABELS.recalculationStarted, recalculation };
    },
  );

  app.get(
    '/api/admin/lead-score-recalculation',
    { onRequest: adminOnly, schema: { response: { 200: scoreRecalculationResponseSchema } } },
    async () => ({ success: true as const, recalculation: await latestRecalculation(deps.db) }),
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
