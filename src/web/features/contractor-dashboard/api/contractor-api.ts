// The contractor dashboard's calls (seed 001 §7).
import type { LeadStatus } from '#shared/constants';
import { apiRequest } from '#web/lib/api-client';
import type { ContractorLeadRow, ContractorLeadsResponse } from '#shared/lead-row.schema';

/** One of the contractor's leads: the server's own row type (src/shared/lead-row.schema.ts). */
export type ContractorLead = ContractorLeadRow;

/** GET /api/contractor/leads: the server's response schema's type. */
export type { ContractorLeadsResponse };

export const fetchContractorLeads = () => apiRequest<ContractorLeadsResponse>('GET', '/api/contractor/leads');
export const updateLeadStatus = (leadId: string, status: LeadStatus, note?: string) =>
  apiRequest<object>('PUT', `/api/contractor/leads/${encodeURIComponent(leadId)}/status`, { status, ...(note ? { note } : {}) });
