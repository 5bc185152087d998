// The ZIP gate: POST /api/zip/check answers whether we serve a ZIP code, and remembers an approved
// ZIP for the signed-in user so the next visit skips the gate.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HOMEOWNER_MESSAGES } from '#shared/messages';
import { zipCheckSchema } from '#shared/site.schema';
import type { Db } from '#server/db/database';
import { setApprovedZip } from '#server/modules/auth/users.repository';
import { findServedZip } from './service-area.repository';
import { zipCheckResponseSchema } from '#shared/site-response.schema';

export async function serviceAreaRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/api/zip/check', { schema: { body: zipCheckSchema, response: { 200: zipCheckResponseSchema } } }, async (request) => {
    const { zip } = request.body;
    const served = await findServedZip(db, zip);
    if (!served) return { success: true as const, approved: false as const, zip, message: HOMEOWNER_MESSAGES.zipNotApproved };

    const user = await request.currentUser();
    if (user) await setApprovedZip(db, user.id, zip);
    return { success: true as const, approved: true as const, zip, town: served.town };
  });
}
