// Access checks as plain functions that services and routes call first. They throw AppErrors that
// the HTTP layer turns into 401 'Authentication required.' or 403 with the seed's texts.
import type { FastifyRequest } from 'fastify';
import { ROLES, type Role } from '#shared/constants';
import type { CurrentUser } from '#shared/api';
import { BACK_OFFICE_MESSAGES, PRODUCT_MESSAGES } from '#shared/messages';
import { authenticationRequired, forbidden } from '#server/http/errors';

export async function requireUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await request.currentUser();
  if (!user) throw authenticationRequired();
  return user;
}

/** An onRequest hook: a caller without a session gets 401 before their body is even parsed. */
export async function signedIn(request: FastifyRequest): Promise<void> {
  await requireUser(request);
}

/** For staff routes: the role as the database has it now, so a demotion takes effect at once. */
export async function requireRole(request: FastifyRequest, ...allowed: Role[]): Promise<CurrentUser> {
  const user = await request.verifiedUser();
  if (!user) throw authenticationRequired();
  if (!allowed.includes(user.role)) {
    throw forbidden(
      allowed.length === 1 && allowed[0] === 'admin' ? BACK_OFFICE_MESSAGES.accessDeniedNotAdmin : PRODUCT_MESSAGES.forbidden,
    );
  }
  return user;
}

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

// Route-level access checks as onRequest hooks: they run before the body is parsed and validated, so a
// caller without the right role gets 401/403 whatever they send, never a validation error first.
export async function adminOnly(request: FastifyRequest): Promise<void> {
  await requireRole(request, 'admin');
}

/** onRequest guard for the contractor's own calls: checked before the body is, like adminOnly. */
export async function contractorOnly(request: FastifyRequest): Promise<void> {
  await requireRole(request, 'contractor');
}

export async function adminOrContractor(request: FastifyRequest): Promise<void> {
  await requireRole(request, 'admin', 'contractor');
}
