// Contractor invitations: a single-use, expiring link emailed to a new contractor, with which they set a
// password and get a login with the contractor role tied to their contractor record. Only a SHA-256 of
// the token is stored. Accepting creates the better-auth user and credential account directly, hashed
// with better-auth's own password hash, so the normal email sign-in works with it.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { DAY_MS, PRODUCT_TIME_ZONE } from '#shared/time';
import type { Db } from '#server/db/database';
import { AppError, notFound } from '#server/http/errors';
import { queueMail } from '#server/infra/mail/outbox';
import { ADMIN_MESSAGES } from '#shared/messages';
import { renderContractorInvitationEmail } from './emails/contractor-invitation-email';
import type { RouteDeps } from '#server/http/route-deps';
import { findContractor } from './contractors.repository';

export const INVITATION_TTL_DAYS = 7;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const expiryFormat = new Intl.DateTimeFormat('en-US', { timeZone: PRODUCT_TIME_ZONE, dateStyle: 'long' });

export type InvitationMailDeps = { publicUrl: string; postalAddress: string };
export type InvitationRequest = {
  contractor: { id: string; name: string; email: string };
  actorId: string | null;
  applicationId?: string | null;
  now: Date;
};

/** Creates the invitation and queues its email in the caller's transaction; earlier unused links stop working. */
export async function issueInvitation(trx: Db, deps: InvitationMailDeps, request: InvitationRequest): Promise<{ expiresAt: string }> {
  const { contractor, now } = request;
  const at = now.toISOString();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString();
  await trx
    .updateTable('contractor_invitations')
    .set({ expires_at: at })
    .where('contractor_id', '=', contractor.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .execute();
  await trx
    .insertInto('contractor_invitations')
    .values({
      id: randomUUID(),
      contractor_id: contractor.id,
      application_id: request.applicationId ?? null,
      token_hash: hashToken(token),
      expires_at: expiresAt,
      created_by_user_id: request.actorId,
      created_at: at,
    })
    .execute();
  const email = renderContractorInvitationEmail({
    contractorName: contractor.name,
    inviteUrl: `${deps.publicUrl}/contractor-invite?token=${token}`,
    expiresOn: expiryFormat.format(new Date(expiresAt)),
    postalAddress: deps.postalAddress,
  });
  await queueMail(trx, { kind: 'contractor-invitation', to: contractor.email, ...email }, now);
  return { expiresAt };
}

const gone = (message: string) => new AppError('GONE', message);

/** What the invitation page shows before the contractor sets a password; 404 or 410 when it cannot be used. */
export async function describeInvitation(db: Db, token: string, now: Date) {
  const invitation = await db
    .selectFrom('contractor_invitations')
    .innerJoin('contractors', 'contractors.id', 'contractor_invitations.contractor_id')
    .select(['contractor_invitations.expires_at', 'contractor_invitations.used_at', 'contractors.name', 'contractors.email'])
    .where('contractor_invitations.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!invitation) throw notFound(ADMIN_MESSAGES.invitationInvalid);
  if (invitation.used_at) throw gone(ADMIN_MESSAGES.invitationUsed);
  if (new Date(invitation.expires_at).getTime() <= now.getTime()) throw gone(ADMIN_MESSAGES.invitationExpired);
  return { name: invitation.name, email: invitation.email, expiresAt: invitation.expires_at };
}

export type AcceptInvitation = { token: string; password: string; name?: string | null };

/** Uses the invitation once: creates or links the contractor's login and ties it to the contractor record. */
export async function acceptInvitation(db: Db, input: AcceptInvitation, now: Date): Promise<{ email: string; userId: string }> {
  const at = now.toISOString();
  // Hashing is deliberately slow; do it before the transaction holds anything.
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const invitation = await trx
      .selectFrom('contractor_invitations')
      .innerJoin('contractors', 'contractors.id', 'contractor_invitations.contractor_id')
      .select([
        'contractor_invitations.id',
        'contractor_invitations.expires_at',
        'contractor_invitations.used_at',
        'contractors.id as contractor_id',
        'contractors.name as contractor_name',
        'contractors.email',
        'contractors.user_id as linked_user_id',
      ])
      .where('contractor_invitations.token_hash', '=', hashToken(input.token))
      .executeTakeFirst();
    if (!invitation) throw notFound(ADMIN_MESSAGES.invitationInvalid);
    if (invitation.used_at) throw gone(ADMIN_MESSAGES.invitationUsed);
    if (new Date(invitation.expires_at).getTime() <= now.getTime()) throw gone(ADMIN_MESSAGES.invitationExpired);
    // The conditional update is the single use: of two simultaneous accepts, only one changes the row.
    const claimed = await trx
      .updateTable('contractor_invitations')
      .set({ used_at: at })
      .where('id', '=', invitation.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw gone(ADMIN_MESSAGES.invitationUsed);

    const email = invitation.email.toLowerCase();
    const existing = await trx.selectFrom('users').select(['id', 'role']).where('email', '=', email).executeTakeFirst();
    if (invitation.linked_user_id && invitation.linked_user_id !== existing?.id)
      throw new AppError('CONFLICT', ADMIN_MESSAGES.invitationLinkedElsewhere);
    const userId = existing?.id ?? randomUUID();
    if (existing) {
      // An admin who is also a contractor keeps the admin role.
      await trx
        .updateTable('users')
        .set({ role: existing.role === 'admin' ? 'admin' : 'contractor', email_verified: true, updated_at: at })
        .where('id', '=', userId)
        .execute();
    } else {
      await trx
        .insertInto('users')
        .values({
          id: userId,
          name: input.name?.trim() || invitation.contractor_name,
          email,
          email_verified: true,
          role: 'contractor',
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    // better-auth's email sign-in reads the 'credential' account whose account_id is the user id.
    const updated = await trx
      .updateTable('accounts')
      .set({ password: passwordHash, updated_at: at })
      .where('user_id', '=', userId)
      .where('provider_id', '=', 'credential')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await trx
        .insertInto('accounts')
        .values({
          id: randomUUID(),
          user_id: userId,
          account_id: userId,
          provider_id: 'credential',
          password: passwordHash,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    await trx.updateTable('contractors').set({ user_id: userId, updated_at: at }).where('id', '=', invitation.contractor_id).execute();
    await trx.updateTable('contractor_invitations').set({ accepted_user_id: userId }).where('id', '=', invitation.id).execute();
    return { email, userId };
  });
}

/** The admin sends a contractor a new invitation (earlier links stop working); 404 for an unknown contractor. */
export async function resendInvitation(deps: RouteDeps, contractorId: string, actorId: string, now: Date): Promise<{ expiresAt: string }> {
  const invitation = await deps.db.transaction().execute(async (trx) => {
    const contractor = await findContractor(trx, contractorId);
    if (!contractor) throw notFound(ADMIN_MESSAGES.contractorNotFound);
    return issueInvitation(trx, deps, { contractor, actorId, now });
  });
  await deps.domainEvents.emit('mail.queued', {});
  return invitation;
}
