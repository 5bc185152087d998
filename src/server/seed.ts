// Data every installation starts with: the service area from the launch ZIP list, and the admin
// account named by ADMIN_EMAIL / ADMIN_PASSWORD. Safe to run at every start.
import type { Config } from './config';
import type { Auth } from '#server/modules/auth/auth';
import type { Db } from '#server/db/database';
import launchZips from '#shared/data/metrowest-zips.json' with { type: 'json' };

export async function seedServiceArea(db: Db): Promise<void> {
  await db
    .insertInto('service_area_zips')
    .values(launchZips.zips.map(({ zip, town }) => ({ zip, town })))
    .onConflict((conflict) => conflict.column('zip').doNothing())
    .execute();
}

/** Makes sure the configured admin exists, has the admin role and the configured password. */
export async function ensureAdmin(db: Db, auth: Auth, admin: NonNullable<Config['admin']>): Promise<void> {
  const email = admin.email.toLowerCase();
  const context = await auth.$context;
  const hash = await context.password.hash(admin.password);
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  // Through better-auth's own adapter rather than sign-up, so start-up does not count as a login.
  const userId =
    existing?.id ??
    (await context.internalAdapter.createUser({ email, name: 'Administrator', emailVerified: true }, { method: 'admin' })).id;
  const credential = await db
    .updateTable('accounts')
    .set({ password: hash })
    .where('user_id', '=', userId)
    .where('provider_id', '=', 'credential')
    .executeTakeFirst();
  if (credential.numUpdatedRows === 0n) {
    await context.internalAdapter.linkAccount({ userId, providerId: 'credential', accountId: userId, password: hash });
  }
  await db.updateTable('users').set({ role: 'admin' }).where('id', '=', userId).execute();
}
