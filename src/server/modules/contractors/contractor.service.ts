// Adding and editing contractor records. Adding also sends the invitation that lets the contractor log in;
// the record, its ZIP codes, the invitation and its email are one transaction.
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/database';
import { AppError, notFound } from '#server/http/errors';
import { ADMIN_MESSAGES } from '#shared/messages';
import type { AddContractorInput, ContractorUpdates } from '#shared/contractor.schema';
import { issueInvitation, type InvitationMailDeps } from './contractor-invitation.service';
import {
  assertZipsInServiceArea,
  findContractorView,
  isContractorEmailTaken,
  replaceZipCodes,
  type ContractorView,
} from './contractors.repository';
import type { RouteDeps } from '#server/http/route-deps';

export type NewContractor = AddContractorInput & { applicationId?: string | null };

const emailTaken = () => new AppError('CONFLICT', ADMIN_MESSAGES.contractorEmailTaken);

/** Creates the contractor inside the caller's transaction and queues the invitation; the caller wakes the mailer after commit. */
export async function createContractor(
  trx: Db,
  deps: InvitationMailDeps,
  input: NewContractor,
  actorId: string | null,
  now: Date,
): Promise<{ contractor: ContractorView; invitation: { expiresAt: string } }> {
  const email = input.email.toLowerCase();
  if (await isContractorEmailTaken(trx, email)) throw emailTaken();
  await assertZipsInServiceArea(trx, input.assignedZipCodes);
  const id = randomUUID();
  const at = now.toISOString();
  await trx
    .insertInto('contractors')
    .values({
      id,
      name: input.name,
      email,
      subscription_tier: input.subscriptionTier,
      is_active_subscriber: input.isActiveSubscriber,
      serves_all_zipcodes: input.servesAllZipcodes,
      price_per_lead: input.pricePerLead,
      monthly_subscription_fee: input.monthlySubscriptionFee,
      exclusive_price: input.exclusivePrice ?? null,
      monthly_lead_cap: input.monthlyLeadCap ?? null,
      monthly_spend_cap: input.monthlySpendCap ?? null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await replaceZipCodes(trx, id, input.assignedZipCodes);
  const invitation = await issueInvitation(trx, deps, {
    contractor: { id, name: input.name, email },
    actorId,
    applicationId: input.applicationId,
    now,
  });
  const contractor = await findContractorView(trx, id);
  return { contractor: contractor!, invitation };
}

export async function updateContractor(db: Db, contractorId: string, updates: ContractorUpdates, now: Date): Promise<void> {
  const { assigned_zip_codes: zips, email, ...fields } = updates;
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('contractors').select('id').where('id', '=', contractorId).executeTakeFirst();
    if (!existing) throw notFound(ADMIN_MESSAGES.contractorNotFound);
    if (email !== undefined && (await isContractorEmailTaken(trx, email, contractorId))) throw emailTaken();
    if (zips !== undefined) {
      await assertZipsInServiceArea(trx, zips);
      await replaceZipCodes(trx, contractorId, zips);
    }
    await trx
      .updateTable('contractors')
      .set({ ...fields, ...(email !== undefined ? { email: email.toLowerCase() } : {}), updated_at: now.toISOString() })
      .where('id', '=', contractorId)
      .execute();
  });
}

/** The admin's 'Add New Contractor': the record and its invitation in one transaction, then the mail sender is told. */
export async function addContractor(deps: RouteDeps, input: NewContractor, actorId: string, now: Date) {
  const created = await deps.db.transaction().execute((trx) => createContractor(trx, deps, input, actorId, now));
  await deps.domainEvents.emit('mail.queued', {});
  return created;
}
