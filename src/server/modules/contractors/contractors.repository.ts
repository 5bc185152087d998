// Contractor records as the back office shows them (seed 001 §3 "Contractor"): the row plus its list of
// assigned ZIP codes and its ledger balance, and the service-area check every ZIP list passes before it is stored.
import type { Db } from '#server/db/database';
import { invalid } from '#server/http/errors';
import { ADMIN_MESSAGES } from '#shared/messages';
import { contractorBalances } from '#server/modules/ledger/ledger.repository';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';

const CONTRACTOR_FIELDS = [
  'id',
  'name',
  'email',
  'subscription_tier',
  'is_active_subscriber',
  'serves_all_zipcodes',
  'leads_received_count',
  'leads_converted_count',
  'conversion_rate',
  'price_per_lead',
  'monthly_subscription_fee',
  'exclusive_price',
  'monthly_lead_cap',
  'monthly_spend_cap',
  'created_at',
] as const;

export async function listContractors(db: Db, ids?: string[]) {
  if (ids && ids.length === 0) return [];
  const [rows, zips, balances] = await Promise.all([
    db
      .selectFrom('contractors')
      .select([...CONTRACTOR_FIELDS])
      .$if(ids !== undefined, (qb) => qb.where('id', 'in', ids!))
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('contractor_zip_codes')
      .select(['contractor_id', 'zip'])
      .$if(ids !== undefined, (qb) => qb.where('contractor_id', 'in', ids!))
      .orderBy('zip')
      .execute(),
    contractorBalances(db, ids),
  ]);
  const byContractor = new Map<string, string[]>();
  for (const { contractor_id, zip } of zips) byContractor.set(contractor_id, [...(byContractor.get(contractor_id) ?? []), zip]);
  return rows.map((row) => ({ ...row, assigned_zip_codes: byContractor.get(row.id) ?? [], balance_cents: balances.get(row.id) ?? 0 }));
}
export type ContractorView = Awaited<ReturnType<typeof listContractors>>[number];

export async function findContractorView(db: Db, id: string): Promise<ContractorView | undefined> {
  return (await listContractors(db, [id]))[0];
}

/** Refuses ZIP codes outside the active service area, naming them. */
export async function assertZipsInServiceArea(db: Db, zips: string[]): Promise<void> {
  if (zips.length === 0) return;
  const served = await db.selectFrom('service_area_zips').select('zip').where('zip', 'in', zips).where('active', '=', true).execute();
  const known = new Set(served.map((row) => row.zip));
  const outside = zips.filter((zip) => !known.has(zip));
  if (outside.length) throw invalid(ADMIN_MESSAGES.zipNotInServiceArea(outside));
}

export async function replaceZipCodes(db: Db, contractorId: string, zips: string[]): Promise<void> {
  await db.deleteFrom('contractor_zip_codes').where('contractor_id', '=', contractorId).execute();
  if (zips.length)
    await db
      .insertInto('contractor_zip_codes')
      .values(zips.map((zip) => ({ contractor_id: contractorId, zip })))
      .execute();
}

export async function isContractorEmailTaken(db: Db, email: string, exceptId?: string): Promise<boolean> {
  const row = await db
    .selectFrom('contractors')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

/** The contractor record linked to this account, if any. */
export async function findContractorByUser(db: Db, userId: string) {
  return db.selectFrom('contractors').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The ZIP codes a contractor serves, in order. */
export async function findContractorZips(db: Db, contractorId: string): Promise<string[]> {
  const rows = await db.selectFrom('contractor_zip_codes').select('zip').where('contractor_id', '=', contractorId).orderBy('zip').execute();
  return rows.map((row) => row.zip);
}

export async function findContractor(db: Db, id: string): Promise<{ id: string; name: string; email: string } | undefined> {
  return db.selectFrom('contractors').select(['id', 'name', 'email']).where('id', '=', id).executeTakeFirst();
}

/** The contractor record with this email (compared without case), with the login it is linked to. */
export async function findContractorByEmail(db: Db, email: string) {
  return db
    .selectFrom('contractors')
    .select(['id', 'name', 'user_id'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function linkContractorToUser(db: Db, contractorId: string, userId: string, at: string): Promise<void> {
  await db.updateTable('contractors').set({ user_id: userId, updated_at: at }).where('id', '=', contractorId).execute();
}

/** A contractor record for a login an admin made a contractor: not an active subscriber until an admin says so. */
export async function insertContractorForUser(db: Db, user: { id: string; name: string; email: string }, at: string): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('contractors')
    .values({ id, user_id: user.id, name: user.name || user.email, email: user.email.toLowerCase(), created_at: at, updated_at: at })
    .execute();
  return id;
}
