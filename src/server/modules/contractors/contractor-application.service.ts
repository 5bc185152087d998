// Deciding an application from the 'Join as Contractor' form: approving creates the contractor record (not
// active until an admin says so) and queues the invitation; rejecting only marks it. Either decision is
// made once: two admins at the same moment get one success and one 409.
import { AppError, notFound } from '#server/http/errors';
import type { Db } from '#server/db/database';
import { ADMIN_MESSAGES } from '#shared/messages';
import type { AddContractorInput } from '#shared/contractor.schema';
import type { InvitationMailDeps } from './contractor-invitation.service';
import { createContractor } from './contractor.service';
import { decideApplication, findApplication } from './contractor-applications.repository';

/** The application, unless it was decided already. */
async function openApplication(db: Db, id: string) {
  const application = await findApplication(db, id);
  if (!application) throw notFound(ADMIN_MESSAGES.applicationNotFound);
  if (application.status === 'approved' || application.status === 'rejected')
    throw new AppError('CONFLICT', ADMIN_MESSAGES.applicationDecided(application.status));
  return application;
}

async function decide(db: Db, id: string, status: 'approved' | 'rejected') {
  if (await decideApplication(db, id, status)) return;
  const current = await findApplication(db, id);
  throw new AppError('CONFLICT', ADMIN_MESSAGES.applicationDecided(current?.status ?? status));
}

/** The admin's terms for the new contractor: everything the add-contractor form takes but the name and email. */
export type ApplicationTerms = Omit<AddContractorInput, 'name' | 'email'>;

export async function approveApplication(
  deps: InvitationMailDeps & { db: Db },
  id: string,
  terms: ApplicationTerms,
  actorId: string,
  now: Date,
) {
  return deps.db.transaction().execute(async (trx) => {
    const application = await openApplication(trx, id);
    await decide(trx, application.id, 'approved');
    return createContractor(
      trx,
      deps,
      // The company is who leads are sold to; the applicant's own name is in the application.
      { name: application.company || application.name, email: application.email, ...terms, applicationId: application.id },
      actorId,
      now,
    );
  });
}

export async function rejectApplication(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const application = await openApplication(trx, id);
    await decide(trx, application.id, 'rejected');
  });
}
