// GET /api/admin/get-all-users: the Users tab for a date window.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminUsersResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';
import { tabQuery } from './tab-query';
import { withQuery } from './date-window';

export const getAllUsers = (query: string) =>
  apiRequest<z.infer<typeof adminUsersResponseSchema>>('GET', withQuery('/api/admin/get-all-users', query)).then((result) => result.users);

export const usersQuery = (query: string) =>
  queryOptions({ queryKey: ['admin', 'users', query], queryFn: tabQuery('Users', () => getAllUsers(query)) });
