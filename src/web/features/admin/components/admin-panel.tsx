// The Admin Panel (seed 001 §2): back-to-home link, 'Logged in as', the tabs (a select on small
// screens, Feedback included; Settings and System status follow the seed's six), and the date filter
// on the tabs that take one. Changing the tab or the filter reloads the data.
import { useState } from 'react';
import { Link } from '#web/lib/router';
import { useCurrentUser } from '#web/features/auth';
import { dateQuery, type DateWindow } from '../api/date-window';
import { AiBudgetBanner } from './ai-budget-banner';
import { AssignmentsTab } from './assignments-tab';
import { BillingTab } from './billing-tab';
import { ContractorsTab } from './contractors-tab';
import { DashboardTab } from './dashboard-tab';
import { DateFilterBar } from './date-filter-bar';
import { FeedbackTab } from './feedback-tab';
import { LeadsTab } from './leads-tab';
import { SettingsTab } from './settings-tab';
import { SystemStatusTab } from './system-status-tab';
import { UsersTab } from './users-tab';
import { Toaster } from '#web/components/ui/toast';

const TABS = ['Dashboard', 'Leads', 'Users', 'Contractors', 'Assignments', 'Billing', 'Feedback', 'Settings', 'System status'] as const;
type Tab = (typeof TABS)[number];
const DATED_TABS: readonly Tab[] = ['Dashboard', 'Leads', 'Users', 'Assignments', 'Feedback'];

export function AdminPanel() {
  const { user } = useCurrentUser();
  const [tab, setTab] = useState<Tab>('Dashboard');
  const [dateWindow, setDateWindow] = useState<DateWindow>({ preset: 'all', startDate: '', endDate: '' });
  const query = dateQuery(dateWindow);

  return (
    <div className="min-h-screen bg-stone-50">
      <Toaster />
      <header className="bg-stone-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div>
            <Link to="/" className="text-sm text-teal-300 hover:underline">
              ← Back to home
            </Link>
            <h1 className="text-2xl font-bold">Admin Panel</h1>
          </div>
          <p className="text-sm text-stone-300">Logged in as {user?.email}</p>
        </div>
      </header>
      <main className="mx-auto max-w-7xl space-y-4 px-4 py-6">
        <AiBudgetBanner />
        <select
          aria-label="Section"
          value={tab}
          onChange={(event) => setTab(event.target.value as Tab)}
          className="block w-full rounded-lg border border-stone-300 px-3 py-2 sm:hidden"
        >
          {TABS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <div role="tablist" aria-label="Admin sections" className="hidden gap-1 border-b border-stone-200 sm:flex">
          {TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              onClick={() => setTab(name)}
              className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${tab === name ? 'border-teal-700 text-teal-800' : 'border-transparent text-stone-600 hover:text-stone-900'}`}
            >
              {name}
            </button>
          ))}
        </div>
        {DATED_TABS.includes(tab) && <DateFilterBar value={dateWindow} onChange={setDateWindow} />}
        <section role="tabpanel" aria-label={tab}>
          {tab === 'Dashboard' && <DashboardTab query={query} />}
          {tab === 'Leads' && <LeadsTab query={query} />}
          {tab === 'Users' && <UsersTab query={query} />}
          {tab === 'Contractors' && <ContractorsTab />}
          {tab === 'Assignments' && <AssignmentsTab query={query} />}
          {tab === 'Billing' && <BillingTab />}
          {tab === 'Feedback' && <FeedbackTab query={query} />}
          {tab === 'Settings' && <SettingsTab />}
          {tab === 'System status' && <SystemStatusTab />}
        </section>
      </main>
    </div>
  );
}
