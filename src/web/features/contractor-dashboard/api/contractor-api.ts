// The contractor dashboard's calls (seed 001 §7).
import type { LeadStatus } from '#shared/constants';
import type { ScoreFactors } from '#shared/lead-score-factors';
import { apiRequest } from '#web/lib/api-client';

export type ContractorLead = {
  id: string;
  name: string | null;
  email: string;
  email_confirmed: boolean;
  phone: string | null;
  zip: string;
  room_type: string | null;
  style: string | null;
  wants_quote: boolean;
  status: LeadStatus;
  created_at: string;
  lead_score: number;
  timeline: string | null;
  budget: string | null;
  project_type: string | null;
  notes: string | null;
  image_url: string | null;
  ai_url: string | null;
  /** Arrives once the scoring module explains its scores; absent before. */
  score_factors?: ScoreFactors;
};

export type ContractorLeadsResponse = {
  contractor: { id: string; name: string; email: string };
  leads: ContractorLead[];
  stats: { totalLeads: number; highValueLeads: number; recentLeads: number; avgLeadScore: number };
  assignedZipCodes: string[];
};

export const fetchContractorLeads = () => apiRequest<ContractorLeadsResponse>('GET', '/api/contractor/leads');
export const updateLeadStatus = (leadId: string, status: LeadStatus, note?: string) =>
  apiRequest<object>('PUT', `/api/contractor/leads/${encodeURIComponent(leadId)}/status`, { status, ...(note ? { note } : {}) });
