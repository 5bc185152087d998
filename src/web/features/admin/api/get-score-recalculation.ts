// GET /api/admin/lead-score-recalculation: the newest 'Recalculate Scores' run, polled twice a second while
// it is queued or running (the Leads tab's progress bar), not at all otherwise.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ScoreRecalculation, scoreRecalculationResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const isRecalculating = (run: ScoreRecalculation | null | undefined) => run?.status === 'queued' || run?.status === 'running';

export const scoreRecalculationQuery = () =>
  queryOptions({
    queryKey: ['admin', 'score-recalculation'],
    queryFn: () =>
      apiRequest<z.infer<typeof scoreRecalculationResponseSchema>>('GET', '/api/admin/lead-score-recalculation').then(
        (result) => result.recalculation,
      ),
    refetchInterval: (query) => (isRecalculating(query.state.data) ? 500 : false),
  });
