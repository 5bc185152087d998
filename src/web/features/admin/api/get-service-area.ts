// GET /api/admin/service-area: every ZIP code we serve or served.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { serviceAreaResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';
import { tabQuery } from './tab-query';

export const getServiceArea = () =>
  apiRequest<z.infer<typeof serviceAreaResponseSchema>>('GET', '/api/admin/service-area').then((result) => result.zips);

export const serviceAreaQuery = () =>
  queryOptions({ queryKey: ['admin', 'service-area'], queryFn: tabQuery('Settings', () => getServiceArea()) });
