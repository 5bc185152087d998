// POST /api/quotes: the quote form.
import type { QuoteRequest, QuoteResponse } from '#shared/lead.schema';
import { apiRequest } from '#web/lib/api-client';

export const requestQuote = (body: QuoteRequest) => apiRequest<QuoteResponse>('POST', '/api/quotes', body);
