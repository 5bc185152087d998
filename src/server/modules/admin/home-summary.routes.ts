// GET /api/admin/home-summary: the live counts of the admin-only home-page section.
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/database';
import { requireRole } from '#server/modules/auth/guards';
import { startOfTodayInMassachusetts } from '#shared/time';

export async function adminHomeSummaryRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/admin/home-summary', async (request) => {
    await requireRole(request, 'admin');
    const since = startOfTodayInMassachusetts(new Date()).toISOString();
    const count = (query: Promise<{ count: number } | undefined>) => query.then((row) => Number(row?.count ?? 0));
    const [rendersToday, newLeadsToday, leadsAwaitingAssignment] = await Promise.all([
      count(db.selectFrom('renders').select((eb) => eb.fn.countAll<number>().as('count')).where('created_at', '>=', since).executeTakeFirst()),
      count(db.selectFrom('leads').select((eb) => eb.fn.countAll<number>().as('count')).where('created_at', '>=', since).executeTakeFirst()),
      count(
        db
          .selectFrom('leads')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('status', '=', 'new')
          .where('assigned_contractor_id', 'is', null)
          .executeTakeFirst(),
      ),
    ]);
    return { success: true, data: { rendersToday, newLeadsToday, leadsAwaitingAssignment } };
  });
}
