// GET /api/admin/settings: the automatic assignment mode.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { settingsResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';
import { tabQuery } from './tab-query';

export const getSettings = () =>
  apiRequest<z.infer<typeof settingsResponseSchema>>('GET', '/api/admin/settings').then((result) => result.settings);

export const settingsQuery = () => queryOptions({ queryKey: ['admin', 'settings'], queryFn: tabQuery('Settings', () => getSettings()) });
