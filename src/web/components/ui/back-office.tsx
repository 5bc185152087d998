// Building blocks of the back-office screens (admin panel, contractor dashboard, lead dossier): stat cards,
// tables, score and priority badges in the seed's bands, formats.
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { BACK_OFFICE_LABELS } from '#shared/messages';
import { priorityBand as priorityLabel, scoreBand as scoreLabel, type PriorityBand, type ScoreBand } from '#shared/score-bands';
import { isAnonymisedEmail } from '#shared/constants';
import { PRODUCT_TIME_ZONE } from '#shared/time';

/** An instant as the back office shows it, in Massachusetts time: 'Nov 24, 2026, 9:45 AM'. */
export const formatDateTime = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-US', {
        timeZone: PRODUCT_TIME_ZONE,
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      })
    : '—';
export const formatPercent = (value: number, digits = 1) => `${Number(value ?? 0).toFixed(digits)}%`;
export const formatMoney = (value: number, digits = 2) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Number(value ?? 0));

export function StatCard({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <p className="text-sm text-stone-600">{label}</p>
      <p className="mt-1 text-2xl font-bold">{value}</p>
    </div>
  );
}

/** A column that sorts when its header is clicked: which way it sorts now (null when another column does). */
export type SortableHeader = { label: string; order: 'asc' | 'desc' | null; onSort: () => void };

/**
 * A table on a wide screen; on a phone (below 640 px) each row becomes a card and each cell shows its column's
 * name, so nothing scrolls sideways. Rows are `<tr>` elements whose children are `<td>` cells.
 */
export function DataTable({ headers, children }: { headers: (string | SortableHeader)[]; children: ReactNode }) {
  const labels = headers.map((header) => (typeof header === 'string' ? header : header.label));
  const rows = Children.map(children, (row) =>
    isValidElement<{ children?: ReactNode }>(row)
      ? cloneElement(
          row,
          undefined,
          Children.map(row.props.children, (cell, index) =>
            isValidElement(cell) && labels[index]
              ? cloneElement(cell as ReactElement<{ 'data-label'?: string }>, { 'data-label': labels[index] })
              : cell,
          ),
        )
      : row,
  );
  return (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-stone-200 sm:overflow-x-auto">
      {/* data-table: the phone layout is in styles.css (rows as cards, each cell labelled). */}
      <table className="data-table min-w-full text-left text-sm">
        <thead className="bg-stone-100 text-xs uppercase tracking-wide text-stone-600">
          <tr>
            {headers.map((header) =>
              typeof header === 'string' ? (
                <th key={header} scope="col" className="px-3 py-2 font-semibold">
                  {header}
                </th>
              ) : (
                <th
                  key={header.label}
                  scope="col"
                  aria-sort={header.order === null ? 'none' : header.order === 'asc' ? 'ascending' : 'descending'}
                  className="px-3 py-2 font-semibold"
                >
                  <button type="button" onClick={header.onSort} className="inline-flex items-center gap-1 uppercase hover:text-stone-900">
                    {header.label}
                    <span aria-hidden="true">{header.order === 'asc' ? '▲' : header.order === 'desc' ? '▼' : '↕'}</span>
                  </button>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">{rows}</tbody>
      </table>
    </div>
  );
}

const SCORE_BAND_CLASSES: Record<ScoreBand, string> = {
  Excellent: 'bg-green-100 text-green-800',
  Good: 'bg-amber-100 text-amber-800',
  Fair: 'bg-orange-100 text-orange-800',
  Poor: 'bg-red-100 text-red-800',
};
const PRIORITY_BAND_CLASSES: Record<PriorityBand, string> = {
  'High Priority': 'bg-red-100 text-red-800',
  'Medium Priority': 'bg-yellow-100 text-yellow-800',
  Standard: 'bg-stone-100 text-stone-700',
  'Low Priority': 'bg-stone-100 text-stone-700',
};

/** The seed's score bands (src/shared/score-bands.ts) with their colours. */
export function scoreBand(score: number) {
  const label = scoreLabel(score);
  return { label, className: SCORE_BAND_CLASSES[label] };
}

/** The seed's priority bands on close probability or lead score (src/shared/score-bands.ts) with their colours. */
export function priorityBand(score: number, lowLabel: 'Standard' | 'Low Priority' = 'Standard') {
  const label = priorityLabel(score, lowLabel);
  return { label, className: PRIORITY_BAND_CLASSES[label] };
}

export function Badge({ className, children }: { className: string; children: ReactNode }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${className}`}>{children}</span>;
}

/** The address as text, or 'Account deleted' (see LeadEmail). */
export const leadEmailText = (email: string) => (isAnonymisedEmail(email) ? BACK_OFFICE_LABELS.accountDeleted : email);

/** A lead's address, or 'Account deleted' for a homeowner who deleted their account (their row keeps an anonymised address). */
export function LeadEmail({ email, confirmed }: { email: string; confirmed: boolean }) {
  if (isAnonymisedEmail(email)) return <Badge className="bg-stone-200 text-stone-700">{BACK_OFFICE_LABELS.accountDeleted}</Badge>;
  return (
    <>
      <p className="text-stone-600">{email}</p>
      <EmailConfirmationBadge confirmed={confirmed} />
    </>
  );
}

/** Whether the homeowner confirmed their email address (the lead score counts it too). */
export function EmailConfirmationBadge({ confirmed }: { confirmed: boolean }) {
  return confirmed ? (
    <Badge className="bg-teal-50 text-teal-800">{BACK_OFFICE_LABELS.emailConfirmed}</Badge>
  ) : (
    <Badge className="bg-amber-50 text-amber-900">{BACK_OFFICE_LABELS.emailNotConfirmed}</Badge>
  );
}

export function TabState({
  loading,
  error,
  empty,
  emptyText,
  children,
}: {
  loading: boolean;
  error: Error | null;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  if (loading) return <p className="py-8 text-center text-stone-600">Loading ...</p>;
  // On any failure the response's error text stands in place of the table (seed 001 §8).
  if (error)
    return (
      <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-700">
        {error.message}
      </p>
    );
  if (empty) return <p className="py-8 text-center text-stone-600">{emptyText}</p>;
  return <>{children}</>;
}
