// GET /api/admin/contractor-applications: applications from the 'Join as Contractor' form.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { applicationsResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';
import { tabQuery } from './tab-query';

export const getContractorApplications = () =>
  apiRequest<z.infer<typeof applicationsResponseSchema>>('GET', '/api/admin/contractor-applications').then((result) => result.applications);

export const contractorApplicationsQuery = () =>
  queryOptions({ queryKey: ['admin', 'applications'], queryFn: tabQuery('Contractors', () => getContractorApplications()) });
