// Disputes: POST /api/contractor/leads/:leadId/disputes (the contractor's claim), GET /api/admin/disputes
// (the admins' list, open first by default) and POST /api/admin/disputes/:id/decision (approve or deny).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DISPUTE_REASONS, DISPUTE_STATUSES } from '#shared/constants';
import { ADMIN_MESSAGES } from '#shared/messages';
import { acknowledgedResponseSchema, disputeOpenedResponseSchema, disputesResponseSchema } from '#shared/back-office.schema';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { adminOnly, contractorOnly, requireRole } from '#server/modules/auth/guards';
import { decideDispute, openDispute } from './dispute.service';
import { findDisputes } from './disputes.repository';

const note = (field: string) =>
  z
    .string()
    .trim()
    .max(2000, `${field} must be at most 2000 characters`)
    .nullish()
    .transform((value) => value || null);

const claimSchema = z.object({
  reason: z.enum(DISPUTE_REASONS, { error: `reason must be one of ${DISPUTE_REASONS.join(', ')}` }),
  details: note('details'),
});
const decisionSchema = z.object({
  decision: z.enum(['approved', 'denied'], { error: 'decision must be approved or denied' }),
  note: note('note'),
});
const listQuery = z.object({
  status: z.preprocess(
    (value) => (value === '' || value === 'all' ? undefined : value),
    z.enum(DISPUTE_STATUSES, { error: `status must be one of ${DISPUTE_STATUSES.join(', ')}` }).optional(),
  ),
});
const id = z.string().trim().min(1).max(100);

export async function disputesRoutes(app: FastifyInstance, deps: RouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = clockOf(deps);

  routes.post(
    '/api/contractor/leads/:leadId/disputes',
    {
      onRequest: contractorOnly,
      schema: { params: z.object({ leadId: id }), body: claimSchema, response: { 201: disputeOpenedResponseSchema } },
    },
    async (request, reply) => {
      const contractor = await requireRole(request, 'contractor');
      const { id: disputeId } = await openDispute(deps.db, contractor, { leadId: request.params.leadId, ...request.body }, now());
      return reply.code(201).send({ success: true as const, id: disputeId, message: ADMIN_MESSAGES.disputeOpened });
    },
  );

  routes.get(
    '/api/admin/disputes',
    { onRequest: adminOnly, schema: { querystring: listQuery, response: { 200: disputesResponseSchema } } },
    async (request) => ({ success: true as const, disputes: await findDisputes(deps.db, request.query.status, 500) }),
  );

  routes.post(
    '/api/admin/disputes/:id/decision',
    { onRequest: adminOnly, schema: { params: z.object({ id }), body: decisionSchema, response: { 200: acknowledgedResponseSchema } } },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      const { message } = await decideDispute(
        deps.db,
        admin,
        { id: request.params.id, approve: request.body.decision === 'approved', note: request.body.note },
        now(),
      );
      return { success: true as const, message };
    },
  );
}
