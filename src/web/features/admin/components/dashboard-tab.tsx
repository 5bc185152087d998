// Dashboard (seed 001 §2): Leads, Users and Contractors overviews, plus the funnel, leads per day and
// user activity for the chosen window. The charts are Recharts (dashboard-charts.tsx).
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentProps } from 'react';
import { LEAD_STATUSES } from '#shared/constants';
import { ScoringModelPanel } from '#web/features/lead-scoring';
import { dashboardSummaryQuery } from '../api/get-dashboard-summary';
import { revenueQuery } from '../api/get-revenue';
import { formatCents } from '#shared/money';
import { formatPercent, StatCard, TabState } from '#web/components/ui/back-office';

// The chart library is the largest part of the admin panel: it loads beside the dashboard's numbers, not
// before them, and never for the other tabs.
const ColumnChartCode = lazy(() => import('./dashboard-charts').then((charts) => ({ default: charts.ColumnChart })));
const StageChartCode = lazy(() => import('./dashboard-charts').then((charts) => ({ default: charts.StageChart })));
const chartSpace = <div className="h-64" aria-hidden="true" />;
const ColumnChart = (props: ComponentProps<typeof ColumnChartCode>) => (
  <Suspense fallback={chartSpace}>
    <ColumnChartCode {...props} />
  </Suspense>
);
const StageChart = (props: ComponentProps<typeof StageChartCode>) => (
  <Suspense fallback={chartSpace}>
    <StageChartCode {...props} />
  </Suspense>
);

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
                <StageChart
                  caption="Leads by status"
                  unit="Leads"
                  rows={LEAD_STATUSES.map((status) => ({ label: status, value: data.funnel!.counts[status] ?? 0 }))}
                />
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
                <ColumnChart
                  caption="New leads per day, the last 30 days with leads"
                  unit="Leads"
                  rows={data.leadsPerDay.slice(-30).map((day) => ({ label: day.date.slice(5), value: day.count }))}
                />
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
          <ColumnChart
            caption="Net revenue per month (charges and fees less credits), in dollars"
            unit="Net revenue"
            format={(dollars) => `$${dollars.toLocaleString('en-US')}`}
            rows={[...months].reverse().map((month) => ({ label: month.period, value: Math.round(month.netCents / 100) }))}
          />
          <p className="mt-3 text-sm text-stone-700">This month net: {formatCents(months[0].netCents)}</p>
        </div>
      )}
    </section>
  );
}
