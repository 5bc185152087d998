// PUT /api/admin/hero: a community design for the home page hero, or null for the shipped example.
import type { HeroSettings } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const saveHero = (leadId: string | null) => apiRequest<HeroSettings>('PUT', '/api/admin/hero', { leadId });
