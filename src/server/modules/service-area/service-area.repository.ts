// The service_area_zips table: the ZIP codes we serve (seeded with the 63 launch ZIPs), each with its town;
// a ZIP taken out of service is kept, switched off.
import type { Db } from '#server/db/database';

/** The ZIP and its town when we serve it now. */
export async function findServedZip(db: Db, zip: string): Promise<{ zip: string; town: string } | undefined> {
  return db.selectFrom('service_area_zips').select(['zip', 'town']).where('zip', '=', zip).where('active', '=', true).executeTakeFirst();
}

export async function listServiceArea(db: Db) {
  return db.selectFrom('service_area_zips').select(['zip', 'town', 'active', 'created_at']).orderBy('zip').execute();
}

/** Adds a ZIP, or switches one that was switched off on again with the town as given now. */
export async function saveServedZip(db: Db, zip: string, town: string, at: string) {
  return db
    .insertInto('service_area_zips')
    .values({ zip, town, active: true, created_at: at })
    .onConflict((conflict) => conflict.column('zip').doUpdateSet({ town, active: true }))
    .returning(['zip', 'town', 'active', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** Takes a ZIP out of service; false when we never had it. */
export async function deactivateZip(db: Db, zip: string): Promise<boolean> {
  const updated = await db.updateTable('service_area_zips').set({ active: false }).where('zip', '=', zip).executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
