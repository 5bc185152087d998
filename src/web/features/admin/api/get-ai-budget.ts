// GET /api/admin/ai-budget: today's estimated AI spend against AI_DAILY_BUDGET_USD, for the back office's banner.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { aiBudgetResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const getAiBudget = () => apiRequest<z.infer<typeof aiBudgetResponseSchema>>('GET', '/api/admin/ai-budget');

export const aiBudgetQuery = () => queryOptions({ queryKey: ['admin', 'ai-budget'], queryFn: getAiBudget, staleTime: 60_000 });
