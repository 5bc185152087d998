// PUT /api/admin/settings: switches automatic assignment of quote requests.
import type { z } from 'zod';
import type { settingsResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';
import type { AutoAssignmentMode } from '#shared/constants';

export const saveSettings = (autoAssignment: AutoAssignmentMode) =>
  apiRequest<z.infer<typeof settingsResponseSchema>>('PUT', '/api/admin/settings', { autoAssignment });
