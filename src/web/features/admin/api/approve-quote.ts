// POST /api/admin/feedback/:id/quote: puts a homeowner's consented quote on their town's page, or takes it off.
import type { z } from 'zod';
import type { okResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const setQuoteApproval = (feedbackId: string, approved: boolean) =>
  apiRequest<z.infer<typeof okResponseSchema>>('POST', `/api/admin/feedback/${encodeURIComponent(feedbackId)}/quote`, { approved });
