// GET /api/admin/hero: the home page hero's design and the community designs that may be picked.
import { queryOptions } from '@tanstack/react-query';
import type { HeroSettings } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';
import { tabQuery } from './tab-query';

export const heroSettingsQuery = () =>
  queryOptions({ queryKey: ['admin', 'hero'], queryFn: tabQuery('Settings', () => apiRequest<HeroSettings>('GET', '/api/admin/hero')) });
