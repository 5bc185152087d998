// Deleting an account, by the homeowner or by an admin on request. The person's photos and renders are
// removed from storage; their leads stay for the business with name, email, phone and image links taken
// out; mail to their address is cancelled and suppressed; the user row goes, and with it (through the
// foreign keys) their sessions and sign-in accounts, so every device is signed out at once.
import type { Db } from '#server/db/database';
import { suppressAddress } from '#server/infra/mail/suppressions';
import type { Storage } from '#server/infra/storage/storage';
import { notFound } from '#server/http/errors';
import { ADMIN_MESSAGES } from '#shared/messages';
import { removeObjects, storageKeysOfUploads } from './user-objects';
import type { Log } from '#server/infra/log';
import type { DomainEvents } from '#server/infra/domain-events';
import { anonymiseLeadsOf } from '#server/modules/leads/leads.repository';
import { ANONYMISED_EMAIL_DOMAIN } from '#shared/constants';

export const anonymisedEmail = (userId: string) => `deleted-user-${userId}@${ANONYMISED_EMAIL_DOMAIN}`;

export type ErasureDeps = { db: Db; storage: Storage; domainEvents: DomainEvents; log?: Pick<Log, 'info' | 'warn'> };

export type ErasureResult = {
  uploads: number;
  objectsRemoved: number;
  objectsFailed: number;
  leadsAnonymised: number;
  mailCancelled: number;
};

export async function eraseAccount(
  deps: ErasureDeps,
  userId: string,
  reason: 'self-service' | 'admin-request',
  now: Date,
): Promise<ErasureResult> {
  const { db, storage, log } = deps;
  const user = await db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
  const email = user.email.trim().toLowerCase();
  const uploadIds = (await db.selectFrom('uploads').select('id').where('user_id', '=', user.id).execute()).map((row) => row.id);
  // Read before the rows go: afterwards nothing says which objects were theirs.
  const keys = await storageKeysOfUploads(db, uploadIds);

  const { leadsAnonymised, mailCancelled } = await db.transaction().execute(async (trx) => {
    // Before the delete: afterwards the foreign key has already cut the lead's link to the user.
    const leadsAnonymised = await anonymiseLeadsOf(
      trx,
      { userId: user.id, email, replacementEmail: anonymisedEmail(user.id) },
      now.toISOString(),
    );
    // Feed comments show a short name; it goes too.
    await trx.updateTable('feed_comments').set({ author_name: 'Former member' }).where('user_id', '=', user.id).execute();
    // Their words on the town pages go too: no name, no quote.
    await trx
      .updateTable('feedback')
      .set({ quote_consent: false, quote_name: null, quote_approved_at: null })
      .where((eb) =>
        eb.or([eb('user_id', '=', user.id), eb('lead_id', 'in', eb.selectFrom('leads').select('id').where('user_id', '=', user.id))]),
      )
      .execute();
    const cancelled = await suppressAddress(trx, email, reason === 'self-service' ? 'account deleted' : 'account deleted by an admin', now);
    // Renders go with their uploads (cascade); leads keep their row, their render link becomes null.
    if (uploadIds.length > 0) await trx.deleteFrom('uploads').where('id', 'in', uploadIds).execute();
    await trx.deleteFrom('renders').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
    return { leadsAnonymised, mailCancelled: cancelled };
  });

  // Their shared designs leave the community feed at once.
  if (leadsAnonymised > 0) await deps.domainEvents.emit('feed.changed', {});
  const { removed, failed } = await removeObjects(storage, keys, log);
  const result = { uploads: uploadIds.length, objectsRemoved: removed, objectsFailed: failed, leadsAnonymised, mailCancelled };
  log?.info({ userId: user.id, reason, ...result }, 'account erased');
  return result;
}
