// PUT /api/admin/settings: automatic assignment of quote requests, and the lead business's settings
// (contractors per lead, response deadline, automatic reassignment); what is left out keeps its value.
import type { z } from 'zod';
import type { settingsResponseSchema } from '#shared/back-office.schema';
import type { AutoAssignmentMode } from '#shared/constants';
import { apiRequest } from '#web/lib/api-client';

export type SettingsChange = Partial<{
  autoAssignment: AutoAssignmentMode;
  maxContractorsPerLead: number;
  responseDeadlineHours: number;
  autoReassign: boolean;
}>;

export const saveSettings = (change: SettingsChange) =>
  apiRequest<z.infer<typeof settingsResponseSchema>>('PUT', '/api/admin/settings', change);
