// Leads (seed 001 §2): Contact, Project, Scores, Status (changed inline), Assigned To, Created At and the
// assign action; search, status filter, sorting by score or date, pages, CSV export of everything the
// filters match, and 'Recalculate Scores' with its confirmation.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isAnonymisedEmail, LEAD_STATUSES, roomTypeLabel, type LeadStatus } from '#shared/constants';
import { BACK_OFFICE_LABELS, BACK_OFFICE_MESSAGES } from '#shared/messages';
import type { AdminLeadRow } from '#shared/lead-row.schema';
import { leadsQuery } from '../api/get-all-leads';
import { updateLeadStatus } from '../api/update-lead-status';
import { leadsExportUrl } from '../api/export-leads';
import { DataTable, formatDateTime, LeadEmail, TabState, type SortableHeader } from '#web/components/ui/back-office';
import { LeadDossierDialog } from '#web/features/lead-dossier';
import { scoreFactorsText } from '#web/features/lead-scoring';
import { AssignLeadDialog } from './assign-lead-dialog';
import { FormMessage } from '#web/components/ui/form-field';
import { useAction } from '#web/components/ui/toast';
import { RecalculateScores } from './score-recalculation';

const PAGE_SIZE = 50;
type Sort = 'created_at' | 'probability_to_close_score' | 'lead_score';

export function LeadsTab({ query }: { query: string }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<LeadStatus | 'all'>('all');
  const [sort, setSort] = useState<{ by: Sort; order: 'asc' | 'desc' }>({ by: 'created_at', order: 'desc' });
  const [assigning, setAssigning] = useState<AdminLeadRow | null>(null);
  const [viewing, setViewing] = useState<AdminLeadRow | null>(null);
  const { error, run } = useAction();
  // The filters without the page make the export link; with it, the list query.
  const filters = new URLSearchParams(query);
  if (search.trim()) filters.set('search', search.trim());
  if (status !== 'all') filters.set('status', status);
  filters.set('sort', sort.by);
  filters.set('order', sort.order);
  const params = new URLSearchParams(filters);
  params.set('page', String(page));
  params.set('pageSize', String(PAGE_SIZE));
  const leads = useQuery(leadsQuery(params.toString()));
  const reload = () => queryClient.invalidateQueries({ queryKey: ['admin', 'leads'] });

  async function changeStatus(lead: AdminLeadRow, status: LeadStatus) {
    await run(() => updateLeadStatus(lead.id, status), `Lead status changed to ${status}.`, BACK_OFFICE_MESSAGES.updateLeadStatusFailed);
    await reload();
  }

  const sortable = (label: string, by: Sort): SortableHeader => ({
    label,
    order: sort.by === by ? sort.order : null,
    onSort: () => {
      setSort({ by, order: sort.by === by && sort.order === 'desc' ? 'asc' : 'desc' });
      setPage(1);
    },
  });

  const rows = leads.data?.leads ?? [];
  const total = leads.data?.total ?? rows.length;
  // Past a limit the server stops counting (a term most leads contain); there are more pages than the count says.
  const capped = leads.data?.totalCapped ?? false;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex-1 text-sm">
          <span className="sr-only">Search leads</span>
          <input
            type="search"
            placeholder="Search by name, email, ZIP or style"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            className="w-full rounded-lg border border-stone-300 px-3 py-2"
          />
        </label>
        <label className="text-sm">
          <span className="sr-only">Filter by status</span>
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as LeadStatus | 'all');
              setPage(1);
            }}
            className="rounded-lg border border-stone-300 px-3 py-2"
          >
            <option value="all">All statuses</option>
            {LEAD_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <a
          href={leadsExportUrl(filters.toString())}
          download
          className="rounded-lg px-4 py-2 font-semibold ring-1 ring-stone-300 hover:bg-stone-100"
        >
          Export CSV
        </a>
        <RecalculateScores onFinished={reload} />
      </div>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <TabState loading={leads.isPending} error={leads.error} empty={rows.length === 0} emptyText={BACK_OFFICE_MESSAGES.noLeads}>
        <DataTable
          headers={[
            'Contact',
            'Project',
            sortable('Scores', 'probability_to_close_score'),
            'Status',
            'Assigned To',
            sortable('Created At', 'created_at'),
            'Actions',
          ]}
        >
          {rows.map((lead) => (
            <tr key={lead.id} data-testid="lead-row">
              <td className="px-3 py-2">
                <p className="font-semibold">{lead.name || 'Anonymous'}</p>
                <LeadEmail email={lead.email} confirmed={lead.email_confirmed} />
                {lead.phone && <p className="text-stone-600">{lead.phone}</p>}
              </td>
              <td className="px-3 py-2">
                <p>
                  {roomTypeLabel(lead.room_type)} - {lead.style}
                </p>
                <p className="text-stone-600">ZIP {lead.zip}</p>
                {lead.wants_quote && <p className="font-semibold text-teal-800">Wants Quote</p>}
              </td>
              <td className="px-3 py-2 text-xs tabular-nums">
                {/* Hovering a score shows the top factors behind it. */}
                <p title={scoreFactorsText(lead.score_factors, 'close')}>Prob {lead.probability_to_close_score}</p>
                <p title={scoreFactorsText(lead.score_factors, 'intent')}>Intent {lead.intent_score}</p>
                <p title={scoreFactorsText(lead.score_factors, 'quality')}>Quality {lead.lead_quality_score}</p>
                <p title={scoreFactorsText(lead.score_factors, 'engagement')}>Engage {lead.engagement_score}</p>
              </td>
              <td className="px-3 py-2">
                <label className="sr-only" htmlFor={`status-${lead.id}`}>
                  Status
                </label>
                <select
                  id={`status-${lead.id}`}
                  value={lead.status}
                  onChange={(event) => void changeStatus(lead, event.target.value as LeadStatus)}
                  className={`rounded-lg border px-2 py-1 ${lead.status === 'new' ? 'border-stone-300 bg-stone-100 text-stone-700' : 'border-teal-300 bg-teal-50'}`}
                >
                  {LEAD_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {status}
                    </option>
                  ))}
                </select>
              </td>
              <td className="px-3 py-2">{lead.contractors?.name ?? 'Unassigned'}</td>
              <td className="px-3 py-2">{formatDateTime(lead.created_at)}</td>
              <td className="space-x-1 whitespace-nowrap px-3 py-2">
                <button
                  type="button"
                  onClick={() => setAssigning(lead)}
                  aria-label={`Assign lead ${lead.email}`}
                  // A deleted account's lead goes to nobody (the server refuses it too).
                  disabled={isAnonymisedEmail(lead.email)}
                  title={isAnonymisedEmail(lead.email) ? BACK_OFFICE_LABELS.accountDeleted : undefined}
                  className="rounded-lg bg-teal-700 px-3 py-1.5 text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-50"
                >
                  Assign
                </button>
                <button
                  type="button"
                  onClick={() => setViewing(lead)}
                  aria-label={`Dossier of ${lead.email}`}
                  className="rounded-lg px-3 py-1.5 ring-1 ring-stone-300 hover:bg-stone-100"
                >
                  Dossier
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
        <div className="flex items-center justify-between text-sm">
          <span>
            {capped
              ? `More than ${total.toLocaleString('en-US')} leads`
              : total === 1
                ? '1 lead'
                : `${total.toLocaleString('en-US')} leads`}
          </span>
          <div className="flex items-center gap-2">
            {/* A capped count has no last page to name. */}
            <span className="text-stone-600">
              {capped ? `Page ${page}` : `Page ${page} of ${Math.max(1, Math.ceil(total / PAGE_SIZE))}`}
            </span>
            <button
              type="button"
              disabled={page === 1}
              onClick={() => setPage(page - 1)}
              className="rounded-lg px-3 py-1.5 ring-1 ring-stone-300 disabled:opacity-40"
            >
              Previous
            </button>
            <button
              type="button"
              disabled={!capped && page * PAGE_SIZE >= total}
              onClick={() => setPage(page + 1)}
              className="rounded-lg px-3 py-1.5 ring-1 ring-stone-300 disabled:opacity-40"
            >
              Next
            </button>
          </div>
        </div>
      </TabState>
      {viewing && <LeadDossierDialog lead={viewing} onClose={() => setViewing(null)} onChanged={() => void reload()} />}
      {assigning && <AssignLeadDialog lead={assigning} onClose={() => setAssigning(null)} onAssigned={() => void reload()} />}
    </div>
  );
}
