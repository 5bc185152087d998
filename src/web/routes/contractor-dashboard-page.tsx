// /contractor-dashboard (seed 001 §2): the contractor's welcome line and served ZIPs, Export Leads,
// four stat cards, search, the All / High Value / Recent filter, the leads table and the details modal.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from '#web/lib/router';
import { HIGH_VALUE_LEAD_SCORE, RECENT_LEAD_DAYS, roomTypeLabel } from '#shared/constants';
import { BACK_OFFICE_MESSAGES } from '#shared/messages';
import { Badge, DataTable, EmailConfirmationBadge, formatDateTime, priorityBand, StatCard } from '#web/components/ui/back-office';
import { useCurrentUser } from '#web/features/auth/components/session-provider';
import type { ContractorLeadRow as ContractorLead } from '#shared/lead-row.schema';
import { contractorLeadsQuery } from '#web/features/contractor-dashboard/api/get-contractor-leads';
import { LeadDetailsDialog } from '#web/features/contractor-dashboard/components/lead-details-dialog';
import { Toaster } from '#web/components/ui/toast';
import { exportLeadsCsv, exportLeadsJson } from '#web/features/contractor-dashboard/export-leads';
import { useWorkflow } from '#web/features/workflow/components/workflow-provider';

type Filter = 'all' | 'high' | 'recent';

export function ContractorDashboardPage() {
  const { user, isPending } = useCurrentUser();
  const { showSignIn } = useWorkflow();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [open, setOpen] = useState<ContractorLead | null>(null);
  // 'Recent' is measured from when the page opened.
  const [recentSince] = useState(() => Date.now() - RECENT_LEAD_DAYS * 24 * 60 * 60 * 1000);
  const data = useQuery(contractorLeadsQuery(user?.id));
  // The new-lead email's link lands on /contractor-dashboard?lead=<id>: that lead opens once the list is in.
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const linkedLeadId = params.get('lead');
  const linkedLead = linkedLeadId ? data.data?.leads.find((lead) => lead.id === linkedLeadId) : undefined;
  const shownLead = open ?? linkedLead ?? null;
  const closeLead = () => {
    setOpen(null);
    if (linkedLeadId) navigate('/contractor-dashboard', { replace: true });
  };

  if (isPending) return <p className="p-8 text-center text-stone-600">Loading ...</p>;
  if (!user) {
    return (
      <main className="mx-auto max-w-lg p-8 text-center">
        <h1 className="text-2xl font-bold">Contractor Dashboard</h1>
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-700">
          {BACK_OFFICE_MESSAGES.contractorLoginRequired}
        </p>
        <button type="button" onClick={showSignIn} className="mt-4 rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white">
          Sign In
        </button>
      </main>
    );
  }

  const term = search.trim().toLowerCase();
  const leads = (data.data?.leads ?? [])
    .filter((lead) => filter !== 'high' || lead.lead_score >= HIGH_VALUE_LEAD_SCORE)
    .filter((lead) => filter !== 'recent' || Date.parse(lead.created_at) >= recentSince)
    .filter(
      (lead) =>
        !term || (lead.name ?? '').toLowerCase().includes(term) || lead.email.toLowerCase().includes(term) || lead.zip.includes(term),
    );

  return (
    <div className="min-h-screen bg-stone-50">
      <Toaster />
      <header className="bg-stone-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div>
            <Link to="/" className="text-sm text-teal-300 hover:underline">
              ← Back to home
            </Link>
            <h1 className="text-2xl font-bold">Contractor Dashboard</h1>
            {data.data && (
              <p className="text-sm text-stone-300">
                Welcome, {data.data.contractor.name} · Serving {data.data.assignedZipCodes.join(', ') || 'no ZIP codes yet'}
              </p>
            )}
            {data.data && (
              <p className="text-sm text-stone-300">
                This month&apos;s statement:{' '}
                <a className="text-teal-300 underline" href="/api/contractor/statement.csv" download>
                  CSV
                </a>{' '}
                ·{' '}
                <a className="text-teal-300 underline" href="/api/contractor/statement.pdf" download>
                  PDF
                </a>
              </p>
            )}
          </div>
          {data.data && (
            <div className="flex gap-2">
              <button
                type="button"
                onClick={() => exportLeadsJson(data.data.leads)}
                className="rounded-lg bg-teal-500 px-4 py-2 font-semibold text-stone-950 hover:bg-teal-400"
              >
                Export Leads
              </button>
              <button
                type="button"
                onClick={() => exportLeadsCsv(data.data.leads)}
                className="rounded-lg border border-white/30 px-4 py-2 hover:bg-white/10"
              >
                Export CSV
              </button>
            </div>
          )}
        </div>
      </header>
      <main className="mx-auto max-w-7xl space-y-4 px-4 py-6">
        {data.isPending ? (
          <p className="py-8 text-center text-stone-600">Loading ...</p>
        ) : data.error ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-700">
            {data.error.message || BACK_OFFICE_MESSAGES.contractorDashboardFailed}
          </p>
        ) : (
          <>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <StatCard label="Total Leads" value={data.data.stats.totalLeads} />
              <StatCard label="High Value Leads" value={data.data.stats.highValueLeads} />
              <StatCard label="This Week" value={data.data.stats.recentLeads} />
              <StatCard label="Avg Lead Score" value={data.data.stats.avgLeadScore} />
            </div>
            <div className="flex flex-wrap gap-3">
              <label className="flex-1">
                <span className="sr-only">Search leads</span>
                <input
                  type="search"
                  placeholder="Search by name, email or ZIP"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  className="w-full rounded-lg border border-stone-300 px-3 py-2"
                />
              </label>
              <label>
                <span className="sr-only">Filter leads</span>
                <select
                  value={filter}
                  onChange={(event) => setFilter(event.target.value as Filter)}
                  className="rounded-lg border border-stone-300 px-3 py-2"
                >
                  <option value="all">All Leads</option>
                  <option value="high">High Value</option>
                  <option value="recent">Recent</option>
                </select>
              </label>
            </div>
            {leads.length === 0 ? (
              <p className="py-8 text-center text-stone-600">{BACK_OFFICE_MESSAGES.noLeads}</p>
            ) : (
              <DataTable headers={['Contact', 'Location', 'Project', 'Priority', 'Created', '']}>
                {leads.map((lead) => {
                  const priority = priorityBand(lead.lead_score, 'Low Priority');
                  return (
                    <tr key={lead.id} data-testid="contractor-lead-row">
                      <td className="px-3 py-2">
                        <p className="font-semibold">{lead.name || 'Homeowner'}</p>
                        <p className="text-stone-600">{lead.email}</p>
                        <EmailConfirmationBadge confirmed={lead.email_confirmed} />
                      </td>
                      <td className="px-3 py-2">ZIP {lead.zip}</td>
                      <td className="px-3 py-2">
                        {roomTypeLabel(lead.room_type)} - {lead.style}
                      </td>
                      <td className="px-3 py-2">
                        <Badge className={priority.className}>{priority.label}</Badge> {lead.lead_score}
                        <p className="mt-1 text-xs capitalize text-stone-700">Status: {lead.status}</p>
                        {lead.status_notes[0] && (
                          <p className="mt-1 text-xs text-stone-600" data-testid="latest-note">
                            Note: {lead.status_notes[0].note}
                          </p>
                        )}
                        {lead.overdue && <Badge className="mt-1 bg-red-100 text-red-800">Overdue: mark contacted</Badge>}
                        {lead.dispute && <p className="mt-1 text-xs text-stone-700">Dispute {lead.dispute.status}</p>}
                      </td>
                      <td className="px-3 py-2">{formatDateTime(lead.created_at)}</td>
                      <td className="px-3 py-2">
                        <button
                          type="button"
                          onClick={() => setOpen(lead)}
                          className="rounded-lg bg-teal-700 px-3 py-1.5 text-white hover:bg-teal-800"
                        >
                          View Details
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </DataTable>
            )}
          </>
        )}
      </main>
      {shownLead && (
        // The freshest copy of the open lead, so a dispute or a note shows in the dialog once the list has refetched.
        <LeadDetailsDialog
          lead={data.data?.leads.find((lead) => lead.id === shownLead.id) ?? shownLead}
          onClose={closeLead}
          onChanged={() => queryClient.invalidateQueries({ queryKey: ['contractor-leads'] })}
        />
      )}
    </div>
  );
}
