// The contractor email's tracking, public by necessity (mail clients and contractors arrive without a
// session): GET /api/t/o/:id.gif marks the assignment's email opened and answers a 1×1 GIF; GET /api/t/c/:id
// marks it clicked (and so opened) and redirects to the contractor dashboard, on that lead. Assignment ids are random
// UUIDs, so they cannot be guessed; an unknown id changes nothing and gets the same answer.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { leadOfAssignment, recordEmailClicked, recordEmailOpened } from './assignments.repository';

/** Seed 001 §2's route of the contractor dashboard. */
export const CONTRACTOR_DASHBOARD_PATH = '/contractor-dashboard';

/** The smallest transparent GIF: 1×1, one colour. */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const idParams = z.object({ id: z.string().max(100) });

export async function trackingRoutes(app: FastifyInstance, deps: RouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = clockOf(deps);

  routes.get('/api/t/o/:id.gif', { schema: { params: idParams } }, async (request, reply) => {
    const at = now().toISOString();
    // Only the first open is recorded; later ones (every time the mail is shown) change nothing.
    await recordEmailOpened(deps.db, request.params.id, at);
    return reply.header('cache-control', 'no-store, max-age=0').type('image/gif').send(PIXEL_GIF);
  });

  routes.get('/api/t/c/:id', { schema: { params: idParams } }, async (request, reply) => {
    const at = now().toISOString();
    const { id } = request.params;
    await recordEmailClicked(deps.db, id, at);
    // Straight to the lead the email was about (the dashboard opens it once the contractor is signed in).
    const leadId = await leadOfAssignment(deps.db, id);
    const target = leadId ? `${CONTRACTOR_DASHBOARD_PATH}?lead=${encodeURIComponent(leadId)}` : CONTRACTOR_DASHBOARD_PATH;
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });
}
