// Changing a user's role and deleting a user. Deleting keeps the business history: leads, events, status
// changes and assignments stay (their user references become null through the foreign keys), but the
// person's name, phone and email are taken out of their leads; sessions and accounts go with the user.
import type { Role } from '../../../shared/constants';
import type { CurrentUser } from '../../../shared/api';
import { BACK_OFFICE_MESSAGES } from '../../../shared/messages';
import type { Db } from '../../db/database';
import { forbidden, notFound } from '../../http/errors';
import { ADMIN_MESSAGES } from './back-office-messages';

export const anonymisedEmail = (userId: string) => `deleted-user-${userId}@anonymised.invalid`;

export async function changeUserRole(db: Db, actor: CurrentUser, userId: string, newRole: Role, now: Date): Promise<void> {
  // The last safeguard against an admin locking themselves out of the panel.
  if (userId === actor.id && newRole !== 'admin') throw forbidden(ADMIN_MESSAGES.cannotDemoteSelf);
  const updated = await db.updateTable('users').set({ role: newRole, updated_at: now.toISOString() }).where('id', '=', userId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw notFound(ADMIN_MESSAGES.userNotFound);
}

export async function deleteUser(db: Db, actor: CurrentUser, userId: string, now: Date): Promise<void> {
  if (userId === actor.id) throw forbidden(BACK_OFFICE_MESSAGES.cannotDeleteOwnAccount);
  await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
    // Before the delete: afterwards the foreign key has already cut the lead's link to the user.
    await trx
      .updateTable('leads')
      .set({ name: null, phone: null, email: anonymisedEmail(user.id), updated_at: now.toISOString() })
      .where((eb) => eb.or([eb('user_id', '=', user.id), eb('email', '=', user.email.toLowerCase())]))
      .execute();
    // Feed comments show a short name; it goes too.
    await trx.updateTable('feed_comments').set({ author_name: 'Former member' }).where('user_id', '=', user.id).execute();
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
  });
}
