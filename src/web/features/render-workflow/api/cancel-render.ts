// DELETE /api/renders/:id: the person cancelled (or left) a render still in the queue.
import type { z } from 'zod';
import type { okResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const cancelRender = (renderId: string) => apiRequest<z.infer<typeof okResponseSchema>>('DELETE', `/api/renders/${renderId}`);
