// POST /api/leads/:leadId/dossier/email: 'Email Contractor', the PDF to every contractor holding the lead.
import type { z } from 'zod';
import type { dossierEmailResponseSchema } from '#shared/lead-dossier.schema';
import { apiRequest } from '#web/lib/api-client';

export const emailDossier = (leadId: string) =>
  apiRequest<z.infer<typeof dossierEmailResponseSchema>>('POST', `/api/leads/${encodeURIComponent(leadId)}/dossier/email`);
