// POST /api/recalculate-lead-scores: the Leads tab's 'Recalculate Scores'. It queues the run and answers at
// once; get-score-recalculation.ts follows its progress.
import type { z } from 'zod';
import type { recalculateScoresResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const recalculateLeadScores = () =>
  apiRequest<z.infer<typeof recalculateScoresResponseSchema>>('POST', '/api/recalculate-lead-scores');
