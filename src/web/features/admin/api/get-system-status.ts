// GET /api/admin/system-status: database, storage, mail, queue and each AI engine.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { systemStatusResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';
import { tabQuery } from './tab-query';

export const getSystemStatus = () => apiRequest<z.infer<typeof systemStatusResponseSchema>>('GET', '/api/admin/system-status');

export const systemStatusQuery = () =>
  queryOptions({ queryKey: ['admin', 'system-status'], queryFn: tabQuery('System status', () => getSystemStatus()) });
