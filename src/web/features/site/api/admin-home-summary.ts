// GET /api/admin/home-summary: live counts for the admin-only home section.
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client';

export type AdminHomeSummary = { rendersToday: number; newLeadsToday: number; leadsAwaitingAssignment: number };

export function useAdminHomeSummary(enabled: boolean) {
  return useQuery({
    queryKey: ['admin-home-summary'],
    queryFn: () => apiRequest<{ data: AdminHomeSummary }>('GET', '/api/admin/home-summary').then((result) => result.data),
    enabled,
    refetchInterval: 30_000,
  });
}
