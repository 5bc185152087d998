// GET /api/admin/get-all-feedback: the Feedback tab (rows and figures) for a date window.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { feedbackResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';
import { tabQuery } from './tab-query';
import { withQuery } from './date-window';

export const getAllFeedback = (query: string) =>
  apiRequest<z.infer<typeof feedbackResponseSchema>>('GET', withQuery('/api/admin/get-all-feedback', query));

export const feedbackQuery = (query: string) =>
  queryOptions({ queryKey: ['admin', 'feedback', query], queryFn: tabQuery('Feedback', () => getAllFeedback(query)) });
