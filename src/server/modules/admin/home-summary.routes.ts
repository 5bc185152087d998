// GET /api/admin/home-summary: the live counts of the admin-only home-page section.
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/database';
import { requireRole } from '#server/modules/auth/guards';
import { startOfTodayInMassachusetts } from '#shared/time';
import { countLeadsForHome } from '#server/modules/leads/lead-lists.repository';
import { countRendersSince } from '#server/modules/renders/renders.repository';
import { adminHomeSummaryResponseSchema } from '#shared/back-office.schema';

export async function adminHomeSummaryRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/admin/home-summary', { schema: { response: { 200: adminHomeSummaryResponseSchema } } }, async (request) => {
    await requireRole(request, 'admin');
    const since = startOfTodayInMassachusetts(new Date()).toISOString();
    const [rendersToday, leads] = await Promise.all([countRendersSince(db, since), countLeadsForHome(db, since)]);
    const { newLeads: newLeadsToday, awaitingAssignment: leadsAwaitingAssignment } = leads;
    return { success: true as const, data: { rendersToday, newLeadsToday, leadsAwaitingAssignment } };
  });
}
