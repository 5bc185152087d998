// Changing a user's role and deleting a user. Deleting is the same erasure a homeowner can ask for
// themselves (account-erasure.service): the business history stays (leads, events, status changes and
// assignments, their user references null), the person's details, photos and renders go.
import type { Role } from '#shared/constants';
import type { CurrentUser } from '#shared/api';
import { BACK_OFFICE_MESSAGES, ADMIN_MESSAGES } from '#shared/messages';
import type { Db } from '#server/db/database';
import { forbidden, notFound } from '#server/http/errors';
import { eraseAccount, type ErasureDeps } from '#server/modules/account/account-erasure.service';

export { anonymisedEmail } from '#server/modules/account/account-erasure.service';

export async function changeUserRole(db: Db, actor: CurrentUser, userId: string, newRole: Role, now: Date): Promise<void> {
  // The last safeguard against an admin locking themselves out of the panel.
  if (userId === actor.id && newRole !== 'admin') throw forbidden(ADMIN_MESSAGES.cannotDemoteSelf);
  const updated = await db
    .updateTable('users')
    .set({ role: newRole, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw notFound(ADMIN_MESSAGES.userNotFound);
}

export async function deleteUser(deps: ErasureDeps, actor: CurrentUser, userId: string, now: Date): Promise<void> {
  if (userId === actor.id) throw forbidden(BACK_OFFICE_MESSAGES.cannotDeleteOwnAccount);
  await eraseAccount(deps, userId, 'admin-request', now);
}
