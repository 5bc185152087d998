// POST /api/admin/system-status/test-email: a test mail to the admin through the real outbox.
import type { z } from 'zod';
import type { testEmailResponseSchema } from '#shared/back-office.schema';
import { apiRequest } from '#web/lib/api-client';

export const sendTestEmail = () => apiRequest<z.infer<typeof testEmailResponseSchema>>('POST', '/api/admin/system-status/test-email');
