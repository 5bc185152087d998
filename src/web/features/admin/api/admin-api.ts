// The Admin Panel's calls, with the response shapes of seed 001 §3 and §7. One place for the paths.
import type { AssignmentMethod, LeadStatus, Role, SubscriptionTier } from '../../../../shared/constants';
import { apiRequest } from '../../../lib/api-client';

export type DateWindow = { preset: 'all' | '7d' | '30d' | '90d'; startDate: string; endDate: string };

export function dateQuery(window: DateWindow): string {
  const query = new URLSearchParams();
  if (window.startDate || window.endDate) {
    if (window.startDate) query.set('startDate', window.startDate);
    if (window.endDate) query.set('endDate', window.endDate);
  } else if (window.preset !== 'all') {
    query.set('dateRange', window.preset);
  }
  return query.toString();
}

export type DashboardSummary = {
  leads: { totalLeads: number; newLeads: number; convertedLeads: number; assignedLeads: number; quotedLeads: number; avgProbabilityScore: number };
  users: { totalUsers: number; homeowners: number; contractors: number; admins: number };
  contractors: { totalContractors: number; activeSubscribers: number; avgConversionRate: number };
  funnel?: { counts: Record<LeadStatus, number>; conversionRate: number; assignmentRate: number; responseRate: number };
  leadsPerDay?: { date: string; count: number }[];
  activity?: { logins: number; renders: number; emails: number; timeOnSiteMs: number };
};

export type AdminLead = {
  id: string;
  name: string | null;
  email: string;
  phone: string | null;
  zip: string;
  room_type: string | null;
  style: string | null;
  wants_quote: boolean;
  status: LeadStatus;
  created_at: string;
  probability_to_close_score: number;
  intent_score: number;
  lead_quality_score: number;
  engagement_score: number;
  lead_score: number;
  assigned_contractor_id: string | null;
  contractors: { name: string } | null;
};

export type AdminUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  login_count: number;
  ai_renderings_count: number;
  total_time_on_site_ms: number;
  last_login_at: string | null;
  created_at: string;
};

export type AdminContractor = {
  id: string;
  name: string;
  email: string;
  subscription_tier: SubscriptionTier;
  is_active_subscriber: boolean;
  serves_all_zipcodes: boolean;
  assigned_zip_codes: string[];
  leads_received_count: number;
  leads_converted_count: number;
  conversion_rate: number;
  price_per_lead: number;
  monthly_subscription_fee: number;
};

export type AdminAssignment = {
  id: string;
  leads: { email: string; zip: string; room_type: string | null } | null;
  contractors: { name: string; email: string } | null;
  assigned_at: string;
  assignment_method: AssignmentMethod;
  email_sent: boolean;
  email_opened: boolean;
  email_clicked: boolean;
  contractor_responded: boolean;
  response_time_hours: number | null;
};

export type AdminFeedback = {
  id: string;
  leads: { name: string | null; email: string; room_type: string | null; style: string | null } | null;
  rating: number;
  comment: string | null;
  source: string | null;
  created_at: string;
};
export type FeedbackStats = { totalFeedback: number; avgRating: number; withComments: number; ratings: Record<string, number> };

export type ContractorForm = {
  name: string;
  email: string;
  assignedZipCodes: string[];
  servesAllZipcodes: boolean;
  pricePerLead: number;
  monthlySubscriptionFee: number;
  isActiveSubscriber: boolean;
  subscriptionTier: SubscriptionTier;
};

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

export const adminApi = {
  dashboard: (query: string) => apiRequest<{ data: DashboardSummary }>('GET', withQuery('/api/admin/get-dashboard-summary', query)).then((result) => result.data),
  leads: (query: string) => apiRequest<{ leads: AdminLead[]; total?: number }>('GET', withQuery('/api/admin/get-all-leads', query)),
  users: (query: string) => apiRequest<{ users: AdminUser[] }>('GET', withQuery('/api/admin/get-all-users', query)).then((result) => result.users),
  contractors: () => apiRequest<{ contractors: AdminContractor[] }>('GET', '/api/admin/get-all-contractors').then((result) => result.contractors),
  assignments: (query: string) => apiRequest<{ assignments: AdminAssignment[] }>('GET', withQuery('/api/leads/get-assignments', query)).then((result) => result.assignments),
  feedback: (query: string) => apiRequest<{ feedback: AdminFeedback[]; stats: FeedbackStats }>('GET', withQuery('/api/admin/get-all-feedback', query)),
  eligibleContractors: (zip: string) => apiRequest<{ contractors: AdminContractor[] }>('GET', `/api/admin/eligible-contractors?zip=${encodeURIComponent(zip)}`).then((result) => result.contractors),
  updateRole: (userId: string, newRole: Role) => apiRequest<object>('PUT', '/api/admin/update-user-role', { userId, newRole }),
  deleteUser: (userId: string) => apiRequest<object>('DELETE', '/api/admin/delete-user', { userId }),
  recalculateScores: () => apiRequest<object>('POST', '/api/recalculate-lead-scores'),
  addContractor: (form: ContractorForm) => apiRequest<object>('POST', '/api/admin/add-contractor', form),
  updateContractor: (contractorId: string, updates: Record<string, unknown>) => apiRequest<object>('PUT', '/api/admin/update-contractor', { contractorId, updates }),
  updateLeadStatus: (leadId: string, status: LeadStatus) => apiRequest<object>('PUT', '/api/leads/update-status', { leadId, status }),
  assign: (leadId: string, contractorIds: string[], assignmentMethod: AssignmentMethod) =>
    apiRequest<{ message: string }>('POST', '/api/leads/assign-manually', { leadId, contractorIds, assignmentMethod }),
  serviceArea: () => apiRequest<{ zips: { zip: string; town: string; active: boolean }[] }>('GET', '/api/admin/service-area'),
};
