// Dashboard (seed 001 §2): Leads, Users and Contractors overviews, plus the funnel, leads per day and
// user activity for the chosen window.
import { useQuery } from '@tanstack/react-query';
import { LEAD_STATUSES } from '#shared/constants';
import { ScoringModelPanel } from '#web/features/lead-scoring';
import { dashboardSummaryQuery } from '../api/get-dashboard-summary';
import { revenueQuery } from '../api/get-revenue';
import { formatCents } from '#shared/money';
import { formatPercent, StatCard, TabState } from '#web/components/ui/back-office';

export function DashboardTab({ query }: { query: string }) {
  const summary = useQuery(dashboardSummaryQuery(query));
  const data = summary.data;
  return (
    <TabState loading={summary.isPending} error={summary.error} empty={false} emptyText="">
      {data && (
        <div className="space-y-8">
          <section aria-labelledby="leads-overview">
            <h2 id="leads-overview" className="mb-3 text-lg font-semibold">
              Leads Overview
            </h2>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <StatCard label="Total Leads" value={data.leads.totalLeads} />
              <StatCard label="New Leads" value={data.leads.newLeads} />
              <StatCard label="Converted Leads" value={data.leads.convertedLeads} />
              <StatCard label="Avg. Prob. to Close %" value={formatPercent(data.leads.avgProbabilityScore)} />
            </div>
          </section>
          <section aria-labelledby="users-overview">
            <h2 id="users-overview" className="mb-3 text-lg font-semibold">
              Users Overview
            </h2>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <StatCard label="Total Users" value={data.users.totalUsers} />
              <StatCard label="Homeowners" value={data.users.homeowners} />
              <StatCard label="Contractors" value={data.users.contractors} />
              <StatCard label="Admins" value={data.users.admins} />
            </div>
          </section>
          <section aria-labelledby="contractors-overview">
            <h2 id="contractors-overview" className="mb-3 text-lg font-semibold">
              Contractors Overview
            </h2>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <StatCard label="Total Contractors" value={data.contractors.totalContractors} />
              <StatCard label="Active Subscribers" value={data.contractors.activeSubscribers} />
              <StatCard label="Avg. Conversion Rate %" value={formatPercent(data.contractors.avgConversionRate)} />
              <StatCard
                label="Median Response (hours)"
                value={data.contractors.medianResponseHours === null ? '—' : data.contractors.medianResponseHours.toFixed(1)}
              />
            </div>
          </section>
          <RevenueOverview />
          {data.funnel && (
            <section aria-labelledby="funnel">
              <h2 id="funnel" className="mb-3 text-lg font-semibold">
                Funnel
              </h2>
              <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
                <BarChart rows={LEAD_STATUSES.map((status) => ({ label: status, value: data.funnel!.counts[status] ?? 0 }))} />
                <p className="mt-3 text-sm text-stone-700">
                  Conversion {formatPercent(data.funnel.conversionRate)} · Assignment {formatPercent(data.funnel.assignmentRate)} · Response{' '}
                  {formatPercent(data.funnel.responseRate)}
                </p>
              </div>
            </section>
          )}
          {data.leadsPerDay && data.leadsPerDay.length > 0 && (
            <section aria-labelledby="per-day">
              <h2 id="per-day" className="mb-3 text-lg font-semibold">
                Leads per day
              </h2>
              <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
                <BarChart rows={data.leadsPerDay.slice(-30).map((day) => ({ label: day.date.slice(5), value: day.count }))} />
              </div>
            </section>
          )}
          <ScoringModelPanel />
          {data.activity && (
            <section aria-labelledby="activity">
              <h2 id="activity" className="mb-3 text-lg font-semibold">
                User activity
              </h2>
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                <StatCard label="Logins" value={data.activity.logins} />
                <StatCard label="Renders" value={data.activity.renders} />
                <StatCard label="Emails" value={data.activity.emails} />
                <StatCard label="Time on site (min)" value={Math.floor(data.activity.timeOnSiteMs / 60000)} />
              </div>
            </section>
          )}
        </div>
      )}
    </TabState>
  );
}

/** A plain horizontal bar chart; one row per label. */
function BarChart({ rows }: { rows: { label: string; value: number }[] }) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <ul className="space-y-1.5">
      {rows.map((row) => (
        <li key={row.label} className="grid grid-cols-[7rem_1fr_3rem] items-center gap-2 text-sm">
          <span className="truncate capitalize text-stone-700">{row.label}</span>
          <span className="h-3 rounded bg-stone-100">
            <span className="block h-3 rounded bg-teal-600" style={{ width: `${(row.value / max) * 100}%` }} />
          </span>
          <span className="text-right tabular-nums">{row.value}</span>
        </li>
      ))}
    </ul>
  );
}

/** Revenue per month from the ledger, the last six months (the Billing tab has them all). */
function RevenueOverview() {
  const revenue = useQuery(revenueQuery());
  const months = (revenue.data ?? []).slice(0, 6);
  return (
    <section aria-labelledby="revenue-overview">
      <h2 id="revenue-overview" className="mb-3 text-lg font-semibold">
        Revenue per Month
      </h2>
      {months.length === 0 ? (
        <p className="text-sm text-stone-600">No charges yet.</p>
      ) : (
        <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
          <BarChart rows={[...months].reverse().map((month) => ({ label: month.period, value: Math.round(month.netCents / 100) }))} />
          <p className="mt-3 text-sm text-stone-700">This month net: {formatCents(months[0].netCents)}</p>
        </div>
      )}
    </section>
  );
}
