// Billing (issue 21, docs/lead-business.md): revenue per month from the ledger (lead charges, subscription
// fees, credits), and the contractors' disputes of leads, which an admin approves (the lead's price is
// credited) or denies, with a note. Each contractor's balance and statements are on the Contractors tab.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DISPUTE_REASON_LABELS, roomTypeLabel } from '#shared/constants';
import { formatCents } from '#shared/money';
import type { DisputeRow } from '#shared/back-office.schema';
import { Badge, DataTable, formatDateTime, leadEmailText, TabState } from '#web/components/ui/back-office';
import { FormMessage } from '#web/components/ui/form-field';
import { useAction } from '#web/components/ui/toast';
import { decideDispute } from '../api/decide-dispute';
import { disputesQuery } from '../api/get-disputes';
import { revenueQuery } from '../api/get-revenue';

const STATUS_BADGE = {
  open: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-800',
  denied: 'bg-stone-100 text-stone-700',
} as const;

export function BillingTab() {
  return (
    <div className="space-y-6">
      <Revenue />
      <Disputes />
    </div>
  );
}

function Revenue() {
  const revenue = useQuery(revenueQuery());
  const months = revenue.data ?? [];
  return (
    <section aria-labelledby="revenue-heading" className="space-y-2">
      <h2 id="revenue-heading" className="text-lg font-semibold">
        Revenue per month
      </h2>
      <TabState loading={revenue.isPending} error={revenue.error} empty={months.length === 0} emptyText="No charges yet.">
        <DataTable headers={['Month', 'Lead charges', 'Subscription fees', 'Credits', 'Net']}>
          {months.map((month) => (
            <tr key={month.period} data-testid="revenue-row">
              <td className="px-3 py-2 font-medium">{month.period}</td>
              <td className="px-3 py-2">{formatCents(month.leadCents)}</td>
              <td className="px-3 py-2">{formatCents(month.feeCents)}</td>
              <td className="px-3 py-2">{formatCents(month.creditCents)}</td>
              <td className="px-3 py-2 font-semibold">{formatCents(month.netCents)}</td>
            </tr>
          ))}
        </DataTable>
      </TabState>
    </section>
  );
}

function Disputes() {
  const disputes = useQuery(disputesQuery());
  const rows = disputes.data ?? [];
  return (
    <section aria-labelledby="disputes-heading" className="space-y-2">
      <h2 id="disputes-heading" className="text-lg font-semibold">
        Disputes
      </h2>
      <TabState loading={disputes.isPending} error={disputes.error} empty={rows.length === 0} emptyText="No disputes.">
        <ul className="space-y-3">
          {rows.map((dispute) => (
            <DisputeCard key={dispute.id} dispute={dispute} />
          ))}
        </ul>
      </TabState>
    </section>
  );
}

function DisputeCard({ dispute }: { dispute: DisputeRow }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const { error, run } = useAction();

  async function decide(decision: 'approved' | 'denied') {
    const decided = await run(
      () => decideDispute(dispute.id, decision, note),
      (result) => result.message,
    );
    if (decided.ok) await queryClient.invalidateQueries({ queryKey: ['admin'] });
  }

  return (
    <li className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-stone-200" data-testid="dispute-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {dispute.contractor_name} · {DISPUTE_REASON_LABELS[dispute.reason]}
        </p>
        <Badge className={STATUS_BADGE[dispute.status]}>{dispute.status}</Badge>
      </div>
      <p className="text-stone-600">
        Lead {dispute.lead_name ?? leadEmailText(dispute.lead_email)} · {dispute.zip} {roomTypeLabel(dispute.room_type)} ·{' '}
        {formatCents(dispute.price_cents)} · assigned {formatDateTime(dispute.assigned_at)} · disputed {formatDateTime(dispute.created_at)}
      </p>
      {dispute.details && <p className="mt-1">“{dispute.details}”</p>}
      {dispute.admin_note && <p className="mt-1 text-stone-600">Admin note: {dispute.admin_note}</p>}
      {dispute.status === 'open' && (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <label className="grow text-xs font-medium" htmlFor={`note-${dispute.id}`}>
            Note
            <input
              id={`note-${dispute.id}`}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              className="mt-1 block w-full rounded-lg border border-stone-300 px-2 py-1 text-sm"
            />
          </label>
          <button
            type="button"
            onClick={() => void decide('approved')}
            className="rounded-lg bg-teal-700 px-3 py-1.5 font-semibold text-white hover:bg-teal-800"
          >
            Approve and credit
          </button>
          <button
            type="button"
            onClick={() => void decide('denied')}
            className="rounded-lg px-3 py-1.5 ring-1 ring-stone-300 hover:bg-stone-100"
          >
            Deny
          </button>
        </div>
      )}
      {error && (
        <div className="mt-2">
          <FormMessage kind="error">{error}</FormMessage>
        </div>
      )}
    </li>
  );
}
