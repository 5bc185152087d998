// Reads of the users table that other modules need (better-auth writes the table itself).
import { sql } from 'kysely';
import type { CurrentUser } from '#shared/api';
import type { Db } from '#server/db/database';

/** A person by id, as the rest of the server knows them. */
export async function findUserById(db: Db, id: string): Promise<CurrentUser | undefined> {
  return db.selectFrom('users').select(['id', 'email', 'name', 'role']).where('id', '=', id).executeTakeFirst();
}

/** The ZIP the person confirmed at the ZIP gate, remembered so the next visit skips it. */
export async function setApprovedZip(db: Db, userId: string, zip: string): Promise<void> {
  await db.updateTable('users').set({ approved_zip: zip }).where('id', '=', userId).execute();
}

export async function findApprovedZip(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('approved_zip').where('id', '=', userId).executeTakeFirst();
  return row?.approved_zip ?? null;
}

/** One more successful AI render for the person (the seed's ai_renderings_count). */
export async function countAiRendering(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ ai_renderings_count: sql<number>`ai_renderings_count + 1` })
    .where('id', '=', userId)
    .execute();
}
