// The contractor invitation link: GET /api/contractor-invitations/by-token/:token (public: whom it is for,
// until when), POST /api/contractor-invitations/accept (public: set the password, get the login), and
// POST /api/admin/contractor-invitations (admin: send a fresh link, the old one stops working).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BACK_OFFICE_MESSAGES, ADMIN_MESSAGES } from '#shared/messages';
import { passwordSchema } from '#shared/auth.schema';
import { requireRole, adminOnly } from '#server/modules/auth/guards';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { acceptInvitation, describeInvitation, resendInvitation } from './contractor-invitation.service';
import { invitationResponseSchema, invitationAcceptedResponseSchema, invitationResentResponseSchema } from '#shared/back-office.schema';

const token = z
  .string({ error: ADMIN_MESSAGES.invitationInvalid })
  .trim()
  .min(1, ADMIN_MESSAGES.invitationInvalid)
  .max(200, ADMIN_MESSAGES.invitationInvalid);
const acceptSchema = z.object({ token, password: passwordSchema, name: z.string().trim().max(160).nullish() });
const resendSchema = z.object({
  contractorId: z
    .string({ error: BACK_OFFICE_MESSAGES.contractorIdMissing })
    .trim()
    .min(1, BACK_OFFICE_MESSAGES.contractorIdMissing)
    .max(100),
});

export async function contractorInvitationsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = clockOf(deps);

  routes.get(
    '/api/contractor-invitations/by-token/:token',
    { schema: { params: z.object({ token }), response: { 200: invitationResponseSchema } } },
    async (request) => ({
      success: true as const,
      invitation: await describeInvitation(deps.db, request.params.token, now()),
    }),
  );

  routes.post(
    '/api/contractor-invitations/accept',
    { schema: { body: acceptSchema, response: { 200: invitationAcceptedResponseSchema } } },
    async (request) => {
      const { email } = await acceptInvitation(deps.db, request.body, now());
      return { success: true as const, email };
    },
  );

  routes.post(
    '/api/admin/contractor-invitations',
    { onRequest: adminOnly, schema: { body: resendSchema, response: { 200: invitationResentResponseSchema } } },
    async (request) => {
      const actor = await requireRole(request, 'admin');
      const invitation = await resendInvitation(deps, request.body.contractorId, actor.id, now());
      return { success: true as const, invitation };
    },
  );
}
