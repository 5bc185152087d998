// The Admin Panel's calls, with the response shapes of seed 001 §3 and §7. One place for the paths.
import type { AssignmentMethod, LeadStatus, Role, SubscriptionTier } from '#shared/constants';
import { apiRequest } from '#web/lib/api-client';
import type { AdminLeadRow, AdminLeadsResponse } from '#shared/lead-row.schema';
import type {
  AdminUser,
  AssignmentRow,
  ContractorApplicationRow,
  ContractorView,
  FeedbackRow,
  FeedbackStats,
} from '#shared/back-office.schema';

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
  leads: {
    totalLeads: number;
    newLeads: number;
    convertedLeads: number;
    assignedLeads: number;
    quotedLeads: number;
    avgProbabilityScore: number;
  };
  users: { totalUsers: number; homeowners: number; contractors: number; admins: number };
  contractors: { totalContractors: number; activeSubscribers: number; avgConversionRate: number };
  funnel?: { counts: Record<LeadStatus, number>; conversionRate: number; assignmentRate: number; responseRate: number };
  leadsPerDay?: { date: string; count: number }[];
  activity?: { logins: number; renders: number; emails: number; timeOnSiteMs: number };
};

/** One row of the Leads tab: the server's own row type (src/shared/lead-row.schema.ts). */
export type AdminLead = AdminLeadRow;

export type { AdminUser };

/** A contractor record: the server's own response type (src/shared/back-office.schema.ts). */
export type AdminContractor = ContractorView;

/** One row of the Assignments tab: the server's own response type (src/shared/back-office.schema.ts). */
export type AdminAssignment = AssignmentRow;

export type AdminFeedback = FeedbackRow;
export type { FeedbackStats };

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

export type AutoAssignmentMode = 'off' | 'round-robin' | 'next-in-line';
export type ServiceAreaZip = { zip: string; town: string; active: boolean };

export type ContractorApplication = ContractorApplicationRow;

export type EngineStatus = {
  engine: string;
  label: string;
  provider: string;
  configured: boolean;
  reachable: boolean;
  detail: string;
  failedLast24h: number;
  fallbacksLast24h: number;
  medianRenderMs: number | null;
};

export type SystemStatus = {
  checkedAt: string;
  database: { kind: string; reachable: boolean; latencyMs: number };
  storage: { kind: string; healthy: boolean };
  mail: { transport: string; pending: number; sent: number; failed: number };
  queue: { kind: string; healthy: boolean; waiting: number; active: number; failed: number };
  engines: EngineStatus[];
};

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

export const adminApi = {
  dashboard: (query: string) =>
    apiRequest<{ data: DashboardSummary }>('GET', withQuery('/api/admin/get-dashboard-summary', query)).then((result) => result.data),
  leads: (query: string) => apiRequest<AdminLeadsResponse>('GET', withQuery('/api/admin/get-all-leads', query)),
  users: (query: string) =>
    apiRequest<{ users: AdminUser[] }>('GET', withQuery('/api/admin/get-all-users', query)).then((result) => result.users),
  contractors: () =>
    apiRequest<{ contractors: AdminContractor[] }>('GET', '/api/admin/get-all-contractors').then((result) => result.contractors),
  assignments: (query: string) =>
    apiRequest<{ assignments: AdminAssignment[] }>('GET', withQuery('/api/leads/get-assignments', query)).then(
      (result) => result.assignments,
    ),
  feedback: (query: string) =>
    apiRequest<{ feedback: AdminFeedback[]; stats: FeedbackStats }>('GET', withQuery('/api/admin/get-all-feedback', query)),
  eligibleContractors: (zip: string) =>
    apiRequest<{ contractors: AdminContractor[] }>('GET', `/api/admin/eligible-contractors?zip=${encodeURIComponent(zip)}`).then(
      (result) => result.contractors,
    ),
  updateRole: (userId: string, newRole: Role) => apiRequest<object>('PUT', '/api/admin/update-user-role', { userId, newRole }),
  deleteUser: (userId: string) => apiRequest<object>('DELETE', '/api/admin/delete-user', { userId }),
  recalculateScores: () => apiRequest<object>('POST', '/api/recalculate-lead-scores'),
  addContractor: (form: ContractorForm) => apiRequest<object>('POST', '/api/admin/add-contractor', form),
  updateContractor: (contractorId: string, updates: Record<string, unknown>) =>
    apiRequest<object>('PUT', '/api/admin/update-contractor', { contractorId, updates }),
  updateLeadStatus: (leadId: string, status: LeadStatus) => apiRequest<object>('PUT', '/api/leads/update-status', { leadId, status }),
  assign: (leadId: string, contractorIds: string[], assignmentMethod: AssignmentMethod) =>
    apiRequest<{ message: string }>('POST', '/api/leads/assign-manually', { leadId, contractorIds, assignmentMethod }),
  serviceArea: () => apiRequest<{ zips: ServiceAreaZip[] }>('GET', '/api/admin/service-area'),
  addServiceAreaZip: (zip: string, town: string) => apiRequest<object>('POST', '/api/admin/service-area', { zip, town }),
  removeServiceAreaZip: (zip: string) => apiRequest<object>('DELETE', `/api/admin/service-area/${encodeURIComponent(zip)}`),
  settings: () =>
    apiRequest<{ settings: { autoAssignment: AutoAssignmentMode } }>('GET', '/api/admin/settings').then((result) => result.settings),
  saveSettings: (autoAssignment: AutoAssignmentMode) => apiRequest<object>('PUT', '/api/admin/settings', { autoAssignment }),
  systemStatus: () => apiRequest<SystemStatus & { success: true }>('GET', '/api/admin/system-status'),
  sendTestEmail: () => apiRequest<{ message: string }>('POST', '/api/admin/system-status/test-email'),
  applications: () =>
    apiRequest<{ applications: ContractorApplication[] }>('GET', '/api/admin/contractor-applications').then(
      (result) => result.applications,
    ),
  approveApplication: (id: string) =>
    apiRequest<object>('POST', `/api/admin/contractor-applications/${encodeURIComponent(id)}/approve`, {}),
  rejectApplication: (id: string) => apiRequest<object>('POST', `/api/admin/contractor-applications/${encodeURIComponent(id)}/reject`),
  /** A link, not a fetch: the browser downloads the CSV with the session cookie. */
  leadsExportUrl: (query: string) => withQuery('/api/admin/export-leads', query),
};
