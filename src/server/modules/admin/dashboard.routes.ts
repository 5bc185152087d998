// GET /api/admin/get-dashboard-summary: the Dashboard tab's overview cards, the funnel, leads per day and
// site activity for the chosen date window.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOnly } from '#server/modules/auth/guards';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { activity, contractorFigures, funnel, leadsPerDay, leadStatusCounts, usersByRole } from './dashboard.repository';
import { dateWindowQuerySchema, toDateWindow } from '#server/http/date-window';
import { dashboardSummaryResponseSchema } from '#shared/back-office.schema';

export async function dashboardRoutes(app: FastifyInstance, deps: RouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  routes.get(
    '/api/admin/get-dashboard-summary',
    { onRequest: adminOnly, schema: { querystring: dateWindowQuerySchema, response: { 200: dashboardSummaryResponseSchema } } },
    async (request) => {
      const window = toDateWindow(request.query, clockOf(deps)());
      const [leads, users, contractors, perDay, events] = await Promise.all([
        leadStatusCounts(db, window),
        usersByRole(db, window),
        contractorFigures(db),
        leadsPerDay(db, window),
        activity(db, window),
      ]);
      return {
        success: true as const,
        data: {
          leads: {
            totalLeads: leads.total,
            newLeads: leads.counts.new,
            convertedLeads: leads.counts.converted,
            assignedLeads: leads.counts.assigned,
            quotedLeads: leads.counts.quoted,
            avgProbabilityScore: leads.avgProbability,
          },
          users,
          contractors,
          funnel: funnel(leads.counts, leads.total),
          leadsPerDay: perDay,
          activity: events,
        },
      };
    },
  );
}
