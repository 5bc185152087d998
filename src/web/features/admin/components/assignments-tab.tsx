// Assignments (seed 001 §2): Lead, Contractor, Assigned At, Method, Email Status, Contractor Responded.
import { useQuery } from '@tanstack/react-query';
import { BACK_OFFICE_MESSAGES } from '#shared/messages';
import { assignmentsQuery } from '../api/get-assignments';
import { Badge, DataTable, formatDate, TabState } from '#web/components/ui/back-office';
import { roomTypeLabel } from '#shared/constants';

export function AssignmentsTab({ query }: { query: string }) {
  const assignments = useQuery(assignmentsQuery(query));
  const rows = assignments.data ?? [];
  const flag = (on: boolean, label: string) => (
    <Badge className={on ? 'bg-green-100 text-green-800' : 'bg-stone-100 text-stone-500'}>{label}</Badge>
  );
  return (
    <TabState
      loading={assignments.isPending}
      error={assignments.error}
      empty={rows.length === 0}
      emptyText={BACK_OFFICE_MESSAGES.noAssignments}
    >
      <DataTable headers={['Lead', 'Contractor', 'Assigned At', 'Method', 'Email Status', 'Contractor Responded']}>
        {rows.map((assignment) => (
          <tr key={assignment.id} data-testid="assignment-row">
            <td className="px-3 py-2">
              <p>{assignment.leads?.email ?? '—'}</p>
              <p className="text-stone-600">
                {assignment.leads ? `${assignment.leads.zip} - ${roomTypeLabel(assignment.leads.room_type)}` : ''}
              </p>
            </td>
            <td className="px-3 py-2">{assignment.contractors?.name ?? '—'}</td>
            <td className="px-3 py-2">{formatDate(assignment.assigned_at)}</td>
            <td className="px-3 py-2">{assignment.assignment_method}</td>
            <td className="space-x-1 px-3 py-2">
              {flag(assignment.email_sent, 'Sent')}
              {flag(assignment.email_opened, 'Opened')}
              {flag(assignment.email_clicked, 'Clicked')}
            </td>
            <td className="px-3 py-2">
              {assignment.contractor_responded ? `Yes (${Number(assignment.response_time_hours ?? 0).toFixed(1)} h)` : 'No'}
            </td>
          </tr>
        ))}
      </DataTable>
    </TabState>
  );
}
