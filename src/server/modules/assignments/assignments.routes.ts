// Lead assignment for admins: POST /api/leads/assign-manually (manual, round-robin or next-in-line, shared or
// exclusive), GET /api/admin/eligible-contractors (the assign dialog's list for a ZIP), GET
// /api/admin/leads/:leadId/assignment-options (each contractor's price and standing, and whom the automatic
// methods would pick), GET /api/leads/get-assignments (the Assignments tab), GET /api/admin/overdue-assignments
// and POST /api/admin/assignments/:id/resend-notification.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ASSIGNMENT_METHODS } from '#shared/constants';
import { ADMIN_MESSAGES, PRODUCT_MESSAGES } from '#shared/messages';
import { adminOnly, requireRole } from '#server/modules/auth/guards';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { listContractors } from '#server/modules/contractors/contractors.repository';
import { toDateWindow, withDateWindow } from '#server/http/date-window';
import { listLimitField } from '#server/http/list-limit';
import { assignLead, previewAssignment } from './assignment.service';
import { resendNotification } from './notification-resend.service';
import { assignmentStats, findAssignments, findOverdueAssignments } from './assignments.repository';
import { findEligibleContractors } from './contractor-selection';
import {
  acknowledgedResponseSchema,
  assignLeadResponseSchema,
  assignmentOptionsResponseSchema,
  assignmentsResponseSchema,
  contractorsResponseSchema,
  overdueAssignmentsResponseSchema,
} from '#shared/back-office.schema';
import { assignmentsOn } from './assignment.store';

const assignSchema = z.object({
  leadId: z.string({ error: 'leadId is required' }).trim().min(1, 'leadId is required').max(100),
  // Checked by the service, so a manual request without contractors gets the seed's own message.
  contractorIds: z
    .array(z.string().trim().min(1).max(100), { error: 'contractorIds must be a list of contractor ids' })
    .max(100)
    .default([]),
  assignmentMethod: z
    .enum(ASSIGNMENT_METHODS, { error: `assignmentMethod must be one of ${ASSIGNMENT_METHODS.join(', ')}` })
    .default('manual'),
  /** Sold to one contractor alone, at their exclusive price. */
  exclusive: z.boolean({ error: 'exclusive must be true or false' }).default(false),
});
const leadParams = z.object({ leadId: z.string().trim().min(1).max(100) });
const previewQuery = z.object({ exclusive: z.enum(['true', 'false']).default('false') });
const eligibleQuerySchema = z.object({
  zip: z
    .string({ error: PRODUCT_MESSAGES.zipFormat })
    .trim()
    .regex(/^\d{5}$/, PRODUCT_MESSAGES.zipFormat),
});

export async function assignmentsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/leads/assign-manually',
    { onRequest: adminOnly, schema: { body: assignSchema, response: { 200: assignLeadResponseSchema } } },
    async (request) => {
      const actor = await requireRole(request, 'admin');
      const { leadId, contractorIds, assignmentMethod, exclusive } = request.body;
      const result = await assignLead(assignmentsOn(deps.db, deps), deps, {
        leadId,
        method: assignmentMethod,
        contractorIds,
        actorId: actor.id,
        exclusive,
      });
      return {
        success: true as const,
        message: result.message,
        assignmentMethod: result.method,
        assignments: result.assigned,
        alreadyAssigned: result.alreadyAssigned,
      };
    },
  );

  routes.get(
    '/api/admin/eligible-contractors',
    { onRequest: adminOnly, schema: { querystring: eligibleQuerySchema, response: { 200: contractorsResponseSchema } } },
    async (request) => {
      const eligible = await findEligibleContractors(deps.db, request.query.zip);
      return {
        success: true as const,
        contractors: await listContractors(
          deps.db,
          eligible.map((contractor) => contractor.id),
        ),
      };
    },
  );

  routes.get(
    '/api/leads/get-assignments',
    { onRequest: adminOnly, schema: { querystring: withDateWindow(listLimitField), response: { 200: assignmentsResponseSchema } } },
    async (request) => {
      const window = toDateWindow(request.query, clockOf(deps)());
      const [assignments, stats] = await Promise.all([
        findAssignments(deps.db, window, request.query.limit),
        assignmentStats(deps.db, window),
      ]);
      return { success: true as const, assignments, stats };
    },
  );

  routes.get(
    '/api/admin/leads/:leadId/assignment-options',
    { onRequest: adminOnly, schema: { params: leadParams, querystring: previewQuery, response: { 200: assignmentOptionsResponseSchema } } },
    async (request) => ({
      success: true as const,
      ...(await previewAssignment(assignmentsOn(deps.db, deps), deps, request.params.leadId, request.query.exclusive === 'true')),
    }),
  );

  routes.get(
    '/api/admin/overdue-assignments',
    { onRequest: adminOnly, schema: { response: { 200: overdueAssignmentsResponseSchema } } },
    async () => {
      return { success: true as const, assignments: await findOverdueAssignments(deps.db, clockOf(deps)().toISOString(), 500) };
    },
  );

  routes.post(
    '/api/admin/assignments/:id/resend-notification',
    {
      onRequest: adminOnly,
      schema: { params: z.object({ id: z.string().trim().min(1).max(100) }), response: { 200: acknowledgedResponseSchema } },
    },
    async (request) => {
      await resendNotification(deps, request.params.id, clockOf(deps)());
      return { success: true as const, message: ADMIN_MESSAGES.notificationResent };
    },
  );
}
