// DELETE /api/my-designs/:id: the design and its images go; a quote already sent stays with us.
import type { z } from 'zod';
import type { okResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const deleteMyDesign = (id: string) =>
  apiRequest<z.infer<typeof okResponseSchema>>('DELETE', `/api/my-designs/${encodeURIComponent(id)}`);
