// The public forms' calls: newsletter, contractor application, contact message.
import type { ContactMessage, ContractorApplication } from '#shared/site.schema';
import { apiRequest } from '#web/lib/api-client';

type Acknowledged = { success: true; message: string };

export const subscribeToNewsletter = (email: string) => apiRequest<Acknowledged>('POST', '/api/newsletter/subscribe', { email });
export const applyAsContractor = (application: ContractorApplication) =>
  apiRequest<Acknowledged>('POST', '/api/contractor-applications', application);
export const sendContactMessage = (message: ContactMessage) => apiRequest<Acknowledged>('POST', '/api/contact', message);
