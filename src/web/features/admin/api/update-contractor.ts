// PUT /api/admin/update-contractor: the edit form's changes, in the seed's snake_case.
import type { z } from 'zod';
import type { okResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';
import type { updateContractorSchema } from '#shared/contractor.schema';

export type ContractorUpdates = z.input<typeof updateContractorSchema>['updates'];

export const updateContractor = (contractorId: string, updates: ContractorUpdates) =>
  apiRequest<z.infer<typeof okResponseSchema>>('PUT', '/api/admin/update-contractor', { contractorId, updates });
