// POST /api/admin/disputes/:id/decision: approve (the lead's price is credited) or deny, with a note.
import type { z } from 'zod';
import type { acknowledgedResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const decideDispute = (disputeId: string, decision: 'approved' | 'denied', note: string) =>
  apiRequest<z.infer<typeof acknowledgedResponseSchema>>('POST', `/api/admin/disputes/${encodeURIComponent(disputeId)}/decision`, {
    decision,
    note: note.trim() || null,
  });
