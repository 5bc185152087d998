// GET /api/consent/quote: the consent text the quote form shows under its fields, and its version.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { quoteConsentResponseSchema } from '#shared/lead.schema';
import { apiRequest } from '#web/lib/api-client';

export const fetchQuoteConsent = () => apiRequest<z.infer<typeof quoteConsentResponseSchema>>('GET', '/api/consent/quote');

export const quoteConsentQuery = () => queryOptions({ queryKey: ['quote-consent'], queryFn: fetchQuoteConsent, staleTime: 5 * 60_000 });
