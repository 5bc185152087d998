// POST /api/contact: the contact page's form.
import type { z } from 'zod';
import type { ContactMessage } from '#shared/site.schema';
import type { formReceivedResponseSchema } from '#shared/site-response.schema';
import { apiRequest } from '#web/lib/api-client';

export const sendContactMessage = (message: ContactMessage) =>
  apiRequest<z.infer<typeof formReceivedResponseSchema>>('POST', '/api/contact', message);
