// The newsletter's double opt-in: a new address is stored as pending and gets one confirmation email in
// the same transaction; an address already on the list gets nothing (no second mail, no hint either way).
import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/database';
import type { DomainEvents } from '#server/infra/domain-events';
import { queueMail } from '#server/infra/mail/outbox';
import { renderNewsletterConfirmEmail } from './emails/newsletter-confirm-email';
import { insertSubscriber } from './marketing.repository';

export type NewsletterDeps = { db: Db; domainEvents: DomainEvents; publicUrl: string; postalAddress: string };

/** True when the address was new (a confirmation email is on its way). */
export async function subscribeToNewsletter(deps: NewsletterDeps, address: string): Promise<boolean> {
  const email = address.toLowerCase();
  const token = randomBytes(24).toString('base64url');
  const isNew = await deps.db.transaction().execute(async (trx) => {
    if (!(await insertSubscriber(trx, email, token))) return false;
    const confirmation = renderNewsletterConfirmEmail({
      confirmUrl: `${deps.publicUrl}/api/newsletter/confirm?token=${token}`,
      postalAddress: deps.postalAddress,
    });
    await queueMail(trx, { kind: 'newsletter-confirm', to: email, ...confirmation });
    return true;
  });
  if (isNew) await deps.domainEvents.emit('mail.queued', {});
  return isNew;
}
