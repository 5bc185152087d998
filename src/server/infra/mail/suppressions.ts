// Addresses that must get no more mail, such as a deleted account's. Stored as a hash so that the list
// that keeps someone's address out of the outbox is not itself a copy of their address.
import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '#server/db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export const SUPPRESSED_MAIL_ERROR = 'Not sent: the recipient deleted their account.';

export const addressHash = (address: string) => createHash('sha256').update(address.trim().toLowerCase()).digest('hex');

/** Stops all future mail to the address and cancels what is still waiting in the outbox. Returns how many were cancelled. */
export async function suppressAddress(executor: Executor, address: string, reason: string, now: Date): Promise<number> {
  await executor
    .insertInto('mail_suppressions')
    .values({ address_hash: addressHash(address), reason, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('address_hash').doNothing())
    .execute();
  // Pending mail only: a message being sent right now is already in the SMTP server's hands.
  const cancelled = await executor
    .updateTable('mail_outbox')
    .set({ status: 'failed', last_error: SUPPRESSED_MAIL_ERROR, locked_until: null })
    .where(sql<string>`lower(to_address)`, '=', address.trim().toLowerCase())
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(cancelled.numUpdatedRows);
}

export async function isSuppressed(executor: Executor, address: string): Promise<boolean> {
  const row = await executor
    .selectFrom('mail_suppressions')
    .select('address_hash')
    .where('address_hash', '=', addressHash(address))
    .executeTakeFirst();
  return Boolean(row);
}

/** A new account with the address is new consent: mail to it may flow again. */
export async function liftSuppression(executor: Executor, address: string): Promise<void> {
  await executor.deleteFrom('mail_suppressions').where('address_hash', '=', addressHash(address)).execute();
}
