// POST /api/zip/check and GET /api/profile's remembered ZIP.
import { apiRequest } from '#web/lib/api-client';

export type ZipCheckResult = { success: true; approved: boolean; zip: string; town?: string; message?: string };

export const checkZip = (zip: string) => apiRequest<ZipCheckResult>('POST', '/api/zip/check', { zip });

export const fetchRememberedZip = () =>
  apiRequest<{ profile: { approved_zip: string | null } }>('GET', '/api/profile').then((result) => result.profile.approved_zip);
