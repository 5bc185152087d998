// Users (seed 001 §2): Email, Role (changed with a confirmation), Activity, Created At and delete,
// with the admin's own row protected.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLES, type Role } from '#shared/constants';
import { BACK_OFFICE_LABELS, BACK_OFFICE_MESSAGES } from '#shared/messages';
import { useCurrentUser } from '#web/features/auth';
import { usersQuery } from '../api/get-all-users';
import { updateUserRole } from '../api/update-user-role';
import { deleteUser } from '../api/delete-user';
import { DataTable, formatDateTime, TabState } from '#web/components/ui/back-office';
import { useConfirmDialog } from '#web/components/ui/confirm-dialog';
import { FormMessage } from '#web/components/ui/form-field';
import { useAction } from '#web/components/ui/toast';

export function UsersTab({ query }: { query: string }) {
  const { user: me } = useCurrentUser();
  const queryClient = useQueryClient();
  const { error, run } = useAction();
  const users = useQuery(usersQuery(query));
  const { confirm, dialog } = useConfirmDialog();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });

  async function changeRole(userId: string, role: Role) {
    const question = BACK_OFFICE_MESSAGES.confirmRoleChange(role);
    // A new contractor is linked to the record with their confirmed email, or gets a new one (the server decides).
    const full = role === 'contractor' ? `${question} ${BACK_OFFICE_LABELS.contractorRoleLinks}` : question;
    if (!(await confirm(full, 'Change role'))) return;
    // The toast says what changed, and which contractor record the new contractor was linked to.
    await run(
      () => updateUserRole(userId, role),
      (result) => [BACK_OFFICE_LABELS.roleChanged(role), result.contractorLink?.message].filter(Boolean).join(' '),
    );
    await reload();
  }

  async function remove(userId: string) {
    if (!(await confirm(BACK_OFFICE_MESSAGES.confirmDeleteUser, 'Delete user'))) return;
    await run(() => deleteUser(userId), BACK_OFFICE_LABELS.userDeleted);
    await reload();
  }

  const rows = users.data ?? [];
  return (
    <div className="space-y-3">
      {dialog}
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <TabState loading={users.isPending} error={users.error} empty={rows.length === 0} emptyText={BACK_OFFICE_MESSAGES.noUsers}>
        <DataTable headers={['Email', 'Role', 'Activity', 'Created At', '']}>
          {rows.map((user) => {
            const isMe = user.id === me?.id;
            return (
              <tr key={user.id} data-testid="user-row">
                <td className="px-3 py-2">
                  <p className="font-semibold">{user.email}</p>
                  <p className="text-stone-600">{user.name}</p>
                  {user.contractor_name && <p className="text-xs text-teal-800">Contractor record: {user.contractor_name}</p>}
                </td>
                <td className="px-3 py-2">
                  <label className="sr-only" htmlFor={`role-${user.id}`}>
                    Role of {user.email}
                  </label>
                  <select
                    id={`role-${user.id}`}
                    value={user.role}
                    onChange={(event) => void changeRole(user.id, event.target.value as Role)}
                    className="rounded-lg border border-stone-300 px-2 py-1"
                  >
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {role}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="px-3 py-2 text-xs">
                  <p>Logins: {user.login_count}</p>
                  <p>Images Created: {user.ai_renderings_count}</p>
                  <p>Time on Site: {Math.floor(user.total_time_on_site_ms / 60000)} min</p>
                  <p>Last Login: {formatDateTime(user.last_login_at)}</p>
                </td>
                <td className="px-3 py-2">{formatDateTime(user.created_at)}</td>
                <td className="px-3 py-2">
                  <span title={isMe ? BACK_OFFICE_MESSAGES.cannotDeleteOwnAccount : undefined}>
                    <button
                      type="button"
                      disabled={isMe}
                      onClick={() => void remove(user.id)}
                      aria-label={`Delete ${user.email}`}
                      className="rounded-lg px-3 py-1.5 text-red-700 ring-1 ring-red-200 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-40"
                    >
                      Delete
                    </button>
                  </span>
                </td>
              </tr>
            );
          })}
        </DataTable>
      </TabState>
    </div>
  );
}
