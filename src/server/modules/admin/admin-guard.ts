// Route-level access checks. They run as onRequest hooks, before the body is parsed and validated, so a
// caller without the right role gets 401/403 whatever they send, never a validation error first.
import type { FastifyRequest } from 'fastify';
import { requireRole } from '#server/modules/auth/guards';

export async function adminOnly(request: FastifyRequest): Promise<void> {
  await requireRole(request, 'admin');
}

export async function adminOrContractor(request: FastifyRequest): Promise<void> {
  await requireRole(request, 'admin', 'contractor');
}
