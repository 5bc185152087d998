// GET /api/admin/lead-scoring-model: the close-probability model in use (admins only).
import { queryOptions } from '@tanstack/react-query';
import type { LeadScoringModel } from '#shared/lead-scoring-model';
import { apiRequest } from '#web/lib/api-client';

export const getLeadScoringModel = () => apiRequest<LeadScoringModel & { success: true }>('GET', '/api/admin/lead-scoring-model');

export const leadScoringModelQuery = () => queryOptions({ queryKey: ['admin', 'lead-scoring-model'], queryFn: getLeadScoringModel });
