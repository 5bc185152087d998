// Contractors (seed 001 §2): Name/Email, Service Area, Pricing, Subscription, Performance, edit, and
// 'Add New Contractor', and below them the applications from 'Join as Contractor'. Billing (issue 21): each
// contractor's balance from the ledger and their statement for a chosen month as CSV or PDF.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BACK_OFFICE_MESSAGES } from '#shared/messages';
import type { ContractorView } from '#shared/back-office.schema';
import { contractorsQuery } from '../api/get-all-contractors';
import { currentMonth, statementUrl } from '../api/statement-links';
import { formatCents } from '#shared/money';
import { Badge, DataTable, formatMoney, TabState } from '#web/components/ui/back-office';
import { ContractorApplications } from './contractor-applications';
import { ContractorFormDialog } from './contractor-form-dialog';

export function ContractorsTab() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ContractorView | 'new' | null>(null);
  const contractors = useQuery(contractorsQuery());
  const [month, setMonth] = useState(currentMonth);
  const rows = contractors.data ?? [];
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <label className="text-sm font-medium" htmlFor="statement-month">
          Statements for
          <input
            id="statement-month"
            type="month"
            value={month}
            onChange={(event) => event.target.value && setMonth(event.target.value)}
            className="ml-2 rounded-lg border border-stone-300 px-2 py-1"
          />
        </label>
        <button
          type="button"
          onClick={() => setEditing('new')}
          className="rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800"
        >
          Add New Contractor
        </button>
      </div>
      <TabState
        loading={contractors.isPending}
        error={contractors.error}
        empty={rows.length === 0}
        emptyText={BACK_OFFICE_MESSAGES.noContractors}
      >
        <DataTable headers={['Name/Email', 'Service Area', 'Pricing', 'Subscription', 'Performance', 'Billing', '']}>
          {rows.map((contractor) => (
            <tr key={contractor.id} data-testid="contractor-row">
              <td className="px-3 py-2">
                <p className="font-semibold">{contractor.name}</p>
                <p className="text-stone-600">{contractor.email}</p>
              </td>
              <td className="px-3 py-2">
                {contractor.serves_all_zipcodes ? 'All MetroWest' : contractor.assigned_zip_codes.join(', ') || '—'}
              </td>
              <td className="px-3 py-2 text-xs">
                <p>{formatMoney(contractor.price_per_lead)} per lead</p>
                <p>{formatMoney(contractor.exclusive_price ?? contractor.price_per_lead * 2)} exclusive</p>
                <p>{formatMoney(contractor.monthly_subscription_fee)} / month</p>
                {contractor.monthly_lead_cap !== null && <p>Cap {contractor.monthly_lead_cap} leads / month</p>}
                {contractor.monthly_spend_cap !== null && <p>Cap {formatMoney(contractor.monthly_spend_cap)} / month</p>}
              </td>
              <td className="px-3 py-2">
                <p className="capitalize">{contractor.subscription_tier}</p>
                <Badge className={contractor.is_active_subscriber ? 'bg-green-100 text-green-800' : 'bg-stone-100 text-stone-700'}>
                  {contractor.is_active_subscriber ? 'Active' : 'Inactive'}
                </Badge>
              </td>
              <td className="px-3 py-2 text-xs">
                <p>Received {contractor.leads_received_count}</p>
                <p>Converted {contractor.leads_converted_count}</p>
                <p>{Number(contractor.conversion_rate).toFixed(2)}% conversion</p>
              </td>
              <td className="px-3 py-2 text-xs">
                <p className="font-semibold" data-testid="contractor-balance">
                  Balance {formatCents(contractor.balance_cents)}
                </p>
                <p>
                  Statement{' '}
                  <a className="text-teal-800 underline" href={statementUrl(contractor.id, month, 'csv')} download>
                    CSV
                  </a>{' '}
                  ·{' '}
                  <a className="text-teal-800 underline" href={statementUrl(contractor.id, month, 'pdf')} download>
                    PDF
                  </a>
                </p>
              </td>
              <td className="px-3 py-2">
                <button
                  type="button"
                  onClick={() => setEditing(contractor)}
                  aria-label={`Edit ${contractor.name}`}
                  className="rounded-lg px-3 py-1.5 ring-1 ring-stone-300 hover:bg-stone-100"
                >
                  Edit
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      </TabState>
      <ContractorApplications />
      {editing && (
        <ContractorFormDialog
          contractor={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: ['admin', 'contractors'] })}
        />
      )}
    </div>
  );
}
