// DELETE /api/admin/delete-user: erases a person and their data.
import type { z } from 'zod';
import type { okResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const deleteUser = (userId: string) => apiRequest<z.infer<typeof okResponseSchema>>('DELETE', '/api/admin/delete-user', { userId });
