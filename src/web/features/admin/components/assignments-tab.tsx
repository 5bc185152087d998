// Assignments (seed 001 §2): Lead, Contractor, Assigned At, Method, Email Status, Contractor Responded. The
// email status is the outbox's: 'Sent' only once the mail server accepted the notification, 'Failed' when
// the outbox gave up (with a Resend button). Above the table, the assignments past their response deadline.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BACK_OFFICE_MESSAGES } from '#shared/messages';
import { formatCents } from '#shared/money';
import { assignmentsQuery } from '../api/get-assignments';
import { overdueAssignmentsQuery } from '../api/get-overdue-assignments';
import { resendNotification } from '../api/resend-notification';
import { Badge, DataTable, formatDateTime, leadEmailText, TabState } from '#web/components/ui/back-office';
import { FormMessage } from '#web/components/ui/form-field';
import { useAction } from '#web/components/ui/toast';
import { roomTypeLabel } from '#shared/constants';

const EMAIL_BADGE = {
  sent: { label: 'Sent', className: 'bg-green-100 text-green-800' },
  queued: { label: 'Queued', className: 'bg-amber-100 text-amber-900' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-800' },
} as const;

export function AssignmentsTab({ query }: { query: string }) {
  const queryClient = useQueryClient();
  const assignments = useQuery(assignmentsQuery(query));
  const { error, run } = useAction();
  const rows = assignments.data ?? [];
  const flag = (on: boolean, label: string) => (
    <Badge className={on ? 'bg-green-100 text-green-800' : 'bg-stone-100 text-stone-500'}>{label}</Badge>
  );

  async function resend(assignmentId: string) {
    await run(
      () => resendNotification(assignmentId),
      (result) => result.message,
    );
    await queryClient.invalidateQueries({ queryKey: ['admin', 'assignments'] });
  }

  return (
    <div className="space-y-4">
      <OverdueAssignments />
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <TabState
        loading={assignments.isPending}
        error={assignments.error}
        empty={rows.length === 0}
        emptyText={BACK_OFFICE_MESSAGES.noAssignments}
      >
        <DataTable headers={['Lead', 'Contractor', 'Assigned At', 'Method', 'Email Status', 'Contractor Responded']}>
          {rows.map((assignment) => {
            const email = EMAIL_BADGE[assignment.email_status];
            return (
              <tr key={assignment.id} data-testid="assignment-row">
                <td className="px-3 py-2">
                  <p>{assignment.leads ? leadEmailText(assignment.leads.email) : '—'}</p>
                  <p className="text-stone-600">
                    {assignment.leads ? `${assignment.leads.zip} - ${roomTypeLabel(assignment.leads.room_type)}` : ''}
                  </p>
                </td>
                <td className="px-3 py-2">
                  <p>{assignment.contractors?.name ?? '—'}</p>
                  <p className="text-xs text-stone-600">
                    {formatCents(assignment.price_cents)}
                    {assignment.exclusive ? ' · exclusive' : ''}
                    {assignment.state === 'expired' ? ' · reassigned (late, not charged)' : ''}
                  </p>
                </td>
                <td className="px-3 py-2">{formatDateTime(assignment.assigned_at)}</td>
                <td className="px-3 py-2">{assignment.assignment_method}</td>
                <td className="space-x-1 px-3 py-2">
                  <Badge className={email.className}>{email.label}</Badge>
                  {flag(assignment.email_opened, 'Opened')}
                  {flag(assignment.email_clicked, 'Clicked')}
                  {assignment.email_status === 'failed' && (
                    <button
                      type="button"
                      onClick={() => void resend(assignment.id)}
                      className="rounded-lg px-2 py-1 text-xs font-semibold ring-1 ring-stone-300 hover:bg-stone-100"
                    >
                      Resend
                    </button>
                  )}
                </td>
                <td className="px-3 py-2">
                  {assignment.contractor_responded ? `Yes (${Number(assignment.response_time_hours ?? 0).toFixed(1)} h)` : 'No'}
                </td>
              </tr>
            );
          })}
        </DataTable>
      </TabState>
    </div>
  );
}

function OverdueAssignments() {
  const overdue = useQuery(overdueAssignmentsQuery());
  const rows = overdue.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="overdue-heading" className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
      <h2 id="overdue-heading" className="font-semibold text-amber-900">
        Overdue: not marked contacted by the deadline ({rows.length})
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {rows.map((row) => (
          <li key={row.id} data-testid="overdue-row">
            <strong>{row.contractor_name}</strong> · {row.lead_name ?? 'Homeowner'} · {row.zip} {roomTypeLabel(row.room_type)} · due{' '}
            {row.respond_by ? formatDateTime(row.respond_by) : '—'}
          </li>
        ))}
      </ul>
    </section>
  );
}
