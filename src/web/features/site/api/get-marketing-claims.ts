// GET /api/marketing-claims: the seed's claims ("1,000+ homeowners", "10,000 transformations") once the database
// bears them out, or null (decision 069).
import type { z } from 'zod';
import type { marketingClaimsResponseSchema } from '#shared/site-response.schema';
import { apiRequest } from '#web/lib/api-client';

export const fetchMarketingClaims = () => apiRequest<z.infer<typeof marketingClaimsResponseSchema>>('GET', '/api/marketing-claims');
