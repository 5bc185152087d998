// The ZIP gate on the server (seed 000 §2 and §5): the browser asks for a served ZIP before the upload
// and before a feed quote, and these checks hold every other client to the same rule.
import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '#shared/api';
import { HOMEOWNER_MESSAGES, PRODUCT_MESSAGES } from '#shared/messages';
import type { Db } from '#server/db/database';
import { forbidden, invalid } from '#server/http/errors';
import { requireUser } from '#server/modules/auth/guards';
import { findServedZip } from './service-area.repository';

export async function isServedZip(db: Db, zip: string): Promise<boolean> {
  return Boolean(await findServedZip(db, zip));
}

/** The user has confirmed a ZIP we (still) serve at the ZIP gate; otherwise 403 with what to do. */
export async function requireApprovedZip(db: Db, user: CurrentUser): Promise<string> {
  const row = await db
    .selectFrom('users')
    .innerJoin('service_area_zips', 'service_area_zips.zip', 'users.approved_zip')
    .select('users.approved_zip')
    .where('users.id', '=', user.id)
    .where('service_area_zips.active', '=', true)
    .executeTakeFirst();
  if (!row?.approved_zip) throw forbidden(PRODUCT_MESSAGES.zipFirst);
  return row.approved_zip;
}

/** An onRequest hook: signed in and past the ZIP gate, checked before the body is read. */
export function signedInWithApprovedZip(db: Db) {
  return async (request: FastifyRequest) => {
    await requireApprovedZip(db, await requireUser(request));
  };
}

/** A quote for a feed design needs a served ZIP (seed 000 §5), with the seed's message. */
export async function requireServedQuoteZip(db: Db, zip: string): Promise<void> {
  if (!(await isServedZip(db, zip))) throw invalid(HOMEOWNER_MESSAGES.feedQuoteNeedsZip);
}

/** The email step needs a served ZIP (seed 000 §5), with the ZIP gate's own message. */
export async function requireServedZip(db: Db, zip: string): Promise<void> {
  if (!(await isServedZip(db, zip))) throw invalid(HOMEOWNER_MESSAGES.zipNotApproved);
}
