// POST /api/leads/:leadId/insights: a note on the lead, answered as stored.
import type { z } from 'zod';
import type { insightResponseSchema } from '#shared/lead-dossier.schema';
import { apiRequest } from '#web/lib/api-client';

export const addInsight = (leadId: string, body: string) =>
  apiRequest<z.infer<typeof insightResponseSchema>>('POST', `/api/leads/${encodeURIComponent(leadId)}/insights`, { body }).then(
    (result) => result.insight,
  );
