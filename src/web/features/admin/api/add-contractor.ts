// POST /api/admin/add-contractor: the add form (camelCase, the seed's defaults); the server emails the invitation.
import type { z } from 'zod';
import type { contractorCreatedResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';
import type { addContractorSchema } from '#shared/contractor.schema';

/** The add form holds every field, as the server reads them once its defaults are applied. */
export type ContractorForm = z.output<typeof addContractorSchema>;

export const addContractor = (form: ContractorForm) =>
  apiRequest<z.infer<typeof contractorCreatedResponseSchema>>('POST', '/api/admin/add-contractor', form);
