// Applications from the site's 'Join as Contractor' form, below the contractors table. Approving one
// creates the contractor record with the seed's defaults and emails the invitation; the admin then sets
// ZIP codes and pricing with Edit. Rejecting only marks the application.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractorApplicationRow } from '#shared/back-office.schema';
import { contractorApplicationsQuery } from '../api/get-contractor-applications';
import { approveApplication } from '../api/approve-application';
import { rejectApplication } from '../api/reject-application';
import { Badge, DataTable, formatDateTime, TabState } from '#web/components/ui/back-office';
import { useConfirmDialog } from '#web/components/ui/confirm-dialog';
import { FormMessage } from '#web/components/ui/form-field';
import { useAction } from '#web/components/ui/toast';

const STATUS_STYLE: Record<ContractorApplicationRow['status'], string> = {
  new: 'bg-blue-100 text-blue-800',
  reviewed: 'bg-stone-100 text-stone-700',
  approved: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
};

export function ContractorApplications() {
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirmDialog();
  const applications = useQuery(contractorApplicationsQuery());
  const { error, run } = useAction();
  const rows = applications.data ?? [];

  async function decide(application: ContractorApplicationRow, approve: boolean) {
    const question = approve
      ? `Approve ${application.company || application.name}? This creates their contractor record and emails them an invitation.`
      : `Reject the application from ${application.company || application.name}?`;
    if (!(await confirm(question, approve ? 'Approve' : 'Reject'))) return;
    const decided = await run(
      () => (approve ? approveApplication(application.id) : rejectApplication(application.id)),
      approve ? `Approved. An invitation is on its way to ${application.email}.` : 'Application rejected.',
    );
    if (decided.ok) await queryClient.invalidateQueries({ queryKey: ['admin'] });
  }

  return (
    <section aria-labelledby="applications" className="space-y-3 pt-4">
      {dialog}
      <h2 id="applications" className="text-lg font-semibold">
        Applications
      </h2>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <TabState loading={applications.isPending} error={applications.error} empty={rows.length === 0} emptyText="No applications yet.">
        <DataTable headers={['Applicant', 'Trade', 'Service Area', 'Message', 'Received', 'Status', '']}>
          {rows.map((application) => (
            <tr key={application.id} data-testid="application-row">
              <td className="px-3 py-2">
                <p className="font-semibold">{application.company || application.name}</p>
                {application.company && <p>{application.name}</p>}
                <p className="text-stone-600">{application.email}</p>
                {application.phone && <p className="text-stone-600">{application.phone}</p>}
              </td>
              <td className="px-3 py-2">{application.trade ?? '—'}</td>
              <td className="px-3 py-2">{application.service_area ?? '—'}</td>
              <td className="max-w-xs px-3 py-2 text-stone-700">{application.message ?? ''}</td>
              <td className="px-3 py-2">{formatDateTime(application.created_at)}</td>
              <td className="px-3 py-2">
                <Badge className={STATUS_STYLE[application.status]}>{application.status}</Badge>
              </td>
              <td className="space-x-1 whitespace-nowrap px-3 py-2">
                {(application.status === 'new' || application.status === 'reviewed') && (
                  <>
                    <button
                      type="button"
                      onClick={() => void decide(application, true)}
                      aria-label={`Approve ${application.email}`}
                      className="rounded-lg bg-teal-700 px-3 py-1.5 text-white hover:bg-teal-800"
                    >
                      Approve
                    </button>
                    <button
                      type="button"
                      onClick={() => void decide(application, false)}
                      aria-label={`Reject ${application.email}`}
                      className="rounded-lg px-3 py-1.5 ring-1 ring-stone-300 hover:bg-stone-100"
                    >
                      Reject
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </TabState>
    </section>
  );
}
