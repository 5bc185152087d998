// GET /api/consent/quote: the consent text the quote form shows under its fields, and its version. A plain
// call, not a query: the homeowner's pages do not load TanStack Query (lib/query-client.tsx).
import type { z } from 'zod';
import type { quoteConsentResponseSchema } from '#shared/lead.schema';
import { apiRequest } from '#web/lib/api-client';

export const fetchQuoteConsent = () => apiRequest<z.infer<typeof quoteConsentResponseSchema>>('GET', '/api/consent/quote');
