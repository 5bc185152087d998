// POST /api/zip/check: the ZIP gate; a served ZIP is remembered for the signed-in person.
import type { ZipCheckResponse } from '#shared/site-response.schema';
import { apiRequest } from '#web/lib/api-client';

export const checkZip = (zip: string) => apiRequest<ZipCheckResponse>('POST', '/api/zip/check', { zip });
