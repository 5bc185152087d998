// POST /api/newsletter/subscribe: the footer's field; a confirmation email follows (double opt-in).
import type { z } from 'zod';
import type { newsletterResponseSchema } from '#shared/site-response.schema';
import { apiRequest } from '#web/lib/api-client';

export const subscribeToNewsletter = (email: string) =>
  apiRequest<z.infer<typeof newsletterResponseSchema>>('POST', '/api/newsletter/subscribe', { email });
