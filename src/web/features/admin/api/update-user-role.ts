// PUT /api/admin/update-user-role: the Users tab's role select; a new contractor's record link comes back too.
import type { z } from 'zod';
import type { roleChangedResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';
import type { Role } from '#shared/constants';

export const updateUserRole = (userId: string, newRole: Role) =>
  apiRequest<z.infer<typeof roleChangedResponseSchema>>('PUT', '/api/admin/update-user-role', { userId, newRole });
