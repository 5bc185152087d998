// Changing a user's role (a new contractor is linked to their contractor record) and deleting a user. Deleting is the same erasure a homeowner can ask for
// themselves (account-erasure.service): the business history stays (leads, events, status changes and
// assignments, their user references null), the person's details, photos and renders go.
import type { Role } from '#shared/constants';
import type { CurrentUser } from '#shared/api';
import { BACK_OFFICE_MESSAGES, ADMIN_MESSAGES } from '#shared/messages';
import type { Db } from '#server/db/database';
import { forbidden, notFound } from '#server/http/errors';
import { eraseAccount, type ErasureDeps } from '#server/modules/account/account-erasure.service';
import {
  findContractorByEmail,
  findContractorByUser,
  insertContractorForUser,
  linkContractorToUser,
} from '#server/modules/contractors/contractors.repository';

export { anonymisedEmail } from '#server/modules/account/account-erasure.service';

export type ContractorLink = { outcome: 'linked' | 'created' | 'already-linked' | 'not-linked'; message: string };

/**
 * Sets a user's role. A new contractor also gets a contractor record to work from, or their dashboard would
 * be empty: the record with their email when they confirmed that address and it is free, otherwise a new,
 * inactive one. A record with their email that they have not proven is theirs stays untouched.
 */
export async function changeUserRole(
  db: Db,
  actor: CurrentUser,
  userId: string,
  newRole: Role,
  now: Date,
): Promise<{ contractorLink?: ContractorLink }> {
  // The last safeguard against an admin locking themselves out of the panel.
  if (userId === actor.id && newRole !== 'admin') throw forbidden(ADMIN_MESSAGES.cannotDemoteSelf);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable('users').set({ role: newRole, updated_at: at }).where('id', '=', userId).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw notFound(ADMIN_MESSAGES.userNotFound);
    if (newRole !== 'contractor') return {};
    return { contractorLink: await linkContractorRecord(trx, userId, at) };
  });
}

async function linkContractorRecord(trx: Db, userId: string, at: string): Promise<ContractorLink> {
  const user = await trx
    .selectFrom('users')
    .select(['id', 'name', 'email', 'email_verified'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const linked = await findContractorByUser(trx, user.id);
  if (linked) return { outcome: 'already-linked', message: ADMIN_MESSAGES.contractorAlreadyLinked(linked.name) };
  const record = await findContractorByEmail(trx, user.email);
  if (!record) {
    await insertContractorForUser(trx, user, at);
    return { outcome: 'created', message: ADMIN_MESSAGES.contractorRecordCreated };
  }
  if (record.user_id || !user.email_verified)
    return { outcome: 'not-linked', message: ADMIN_MESSAGES.contractorRecordNotLinked(record.name) };
  await linkContractorToUser(trx, record.id, user.id, at);
  return { outcome: 'linked', message: ADMIN_MESSAGES.contractorRecordLinked(record.name) };
}

export async function deleteUser(deps: ErasureDeps, actor: CurrentUser, userId: string, now: Date): Promise<void> {
  if (userId === actor.id) throw forbidden(BACK_OFFICE_MESSAGES.cannotDeleteOwnAccount);
  await eraseAccount(deps, userId, 'admin-request', now);
}
