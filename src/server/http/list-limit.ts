// The optional `limit` of the back-office lists the seed shows without paging (users, assignments,
// feedback): the newest 1,000 by default, so a large installation never sends an unbounded list.
import { z } from 'zod';

export const MAX_LIST_LIMIT = 5000;
const message = `limit must be a whole number from 1 to ${MAX_LIST_LIMIT}`;

export const listLimitField = {
  limit: z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_LIST_LIMIT, message).default(1000),
};
