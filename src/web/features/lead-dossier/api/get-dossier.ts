// GET /api/leads/:leadId/dossier: the dossier card's data (admins, or the contractor the lead is assigned to).
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { dossierResponseSchema } from '#shared/lead-dossier.schema';
import { apiRequest } from '#web/lib/api-client';

export const fetchDossier = (leadId: string) =>
  apiRequest<z.infer<typeof dossierResponseSchema>>('GET', `/api/leads/${encodeURIComponent(leadId)}/dossier`).then(
    (result) => result.dossier,
  );

export const dossierQuery = (leadId: string) => queryOptions({ queryKey: ['lead-dossier', leadId], queryFn: () => fetchDossier(leadId) });
