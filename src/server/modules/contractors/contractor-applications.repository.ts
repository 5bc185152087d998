// The contractor_applications table: the site's 'Join as Contractor' form, and the admin's decision on it.
import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database';
import type { ContractorApplicationsTable } from '#server/db/schema';
import { withinWindow } from '#server/db/sql-dialect';
import type { DateWindow } from '#server/http/date-window';
import { APPLICATION_STATUSES } from '#shared/back-office.schema';

export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export async function insertApplication(db: Db, application: Insertable<ContractorApplicationsTable>): Promise<void> {
  await db.insertInto('contractor_applications').values(application).execute();
}

export async function findApplication(db: Db, id: string) {
  return db.selectFrom('contractor_applications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Newest first, in the date window, optionally of one status. */
export async function findApplications(db: Db, query: { window: DateWindow; status?: ApplicationStatus; limit: number }) {
  return db
    .selectFrom('contractor_applications')
    .$call(withinWindow('contractor_applications.created_at', query.window))
    .$if(query.status !== undefined, (qb) => qb.where('status', '=', query.status!))
    .select(['id', 'name', 'company', 'email', 'phone', 'trade', 'service_area', 'message', 'status', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .execute();
}

/** Approves or rejects an undecided application in one conditional update; false when it was decided already. */
export async function decideApplication(db: Db, id: string, status: 'approved' | 'rejected'): Promise<boolean> {
  const updated = await db
    .updateTable('contractor_applications')
    .set({ status })
    .where('id', '=', id)
    .where('status', 'not in', ['approved', 'rejected'])
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
