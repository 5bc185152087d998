// The back office's whole API (seed 001 §7) as one Fastify plugin: the admin panel's tabs, contractor
// records, invitations and applications, lead status and assignment, email tracking, settings and the
// debug calls. Each call group is its own plugin; every route declares its access check.
import type { FastifyInstance } from 'fastify';
import { assignmentsRoutes } from '#server/modules/assignments/assignments.routes';
import { leadStatusRoutes } from '#server/modules/assignments/lead-status.routes';
import { trackingRoutes } from '#server/modules/assignments/tracking.routes';
import { adminFeedbackRoutes } from './admin-feedback.routes';
import { adminLeadsRoutes } from './admin-leads.routes';
import { adminUsersRoutes } from './admin-users.routes';
import type { BackOfficeDeps } from './back-office-deps';
import { contractorApplicationsRoutes } from './contractor-applications.routes';
import { contractorInvitationsRoutes } from './contractor-invitations.routes';
import { contractorsRoutes } from './contractors.routes';
import { dashboardRoutes } from './dashboard.routes';
import { debugRoutes } from './debug.routes';
import { leadScoresRoutes } from './lead-scores.routes';
import { settingsRoutes } from './settings.routes';
import { systemStatusRoutes } from './system-status.routes';

export async function backOfficeRoutes(app: FastifyInstance, deps: BackOfficeDeps) {
  for (const routes of [
    dashboardRoutes,
    adminLeadsRoutes,
    adminUsersRoutes,
    adminFeedbackRoutes,
    contractorsRoutes,
    contractorApplicationsRoutes,
    contractorInvitationsRoutes,
    leadScoresRoutes,
    settingsRoutes,
    systemStatusRoutes,
    debugRoutes,
    assignmentsRoutes,
    leadStatusRoutes,
    trackingRoutes,
  ]) {
    await app.register(routes, deps);
  }
}
