// The newsletter's subscribers (double opt-in), the contact page's messages, and the counts behind the marketing claims.
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database';
import type { ContactMessagesTable } from '#server/db/schema';

/** A new pending subscriber; false when the address is already on the list (in any state). */
export async function insertSubscriber(db: Db, email: string, confirmToken: string): Promise<boolean> {
  const inserted = await db
    .insertInto('newsletter_subscribers')
    .values({ id: randomUUID(), email, confirm_token: confirmToken })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(inserted);
}

/** The confirm link: the subscriber with this token is confirmed (the first time counts); false for an unknown token or an unsubscribed address. */
export async function confirmSubscriber(db: Db, confirmToken: string, at: string): Promise<boolean> {
  const confirmed = await db
    .updateTable('newsletter_subscribers')
    .set((eb) => ({ status: 'confirmed', confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(at)) }))
    .where('confirm_token', '=', confirmToken)
    .where('status', '!=', 'unsubscribed')
    .executeTakeFirst();
  return Number(confirmed.numUpdatedRows) > 0;
}

export async function unsubscribeSubscriber(db: Db, email: string): Promise<void> {
  await db.updateTable('newsletter_subscribers').set({ status: 'unsubscribed' }).where('email', '=', email).execute();
}

export async function insertContactMessage(db: Db, message: Insertable<ContactMessagesTable>): Promise<void> {
  await db.insertInto('contact_messages').values(message).execute();
}

/** What the marketing claims count (decision 069): homeowners signed up, and designs rendered for them. */
export async function countClaimedFigures(db: Db): Promise<{ homeowners: number; transformations: number }> {
  const [users, renders] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 'homeowner')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('renders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'succeeded')
      .executeTakeFirstOrThrow(),
  ]);
  return { homeowners: Number(users.n), transformations: Number(renders.n) };
}
