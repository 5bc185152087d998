// GET /api/admin/get-all-leads: the Leads tab, one page at a time, in the date window.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LEAD_STATUSES } from '../../../shared/constants';
import { adminOnly } from './admin-guard';
import { findLeadPage, LEAD_SORTS } from './admin-leads.repository';
import { clockOf, type BackOfficeDeps } from './back-office-deps';
import { toDateWindow, withDateWindow } from './date-window';

export const MAX_LEAD_PAGE_SIZE = 200;

const leadListQuerySchema = withDateWindow({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').default(1),
  pageSize: z.coerce
    .number({ error: `pageSize must be a whole number from 1 to ${MAX_LEAD_PAGE_SIZE}` })
    .int(`pageSize must be a whole number from 1 to ${MAX_LEAD_PAGE_SIZE}`)
    .min(1, `pageSize must be a whole number from 1 to ${MAX_LEAD_PAGE_SIZE}`)
    .max(MAX_LEAD_PAGE_SIZE, `pageSize must be a whole number from 1 to ${MAX_LEAD_PAGE_SIZE}`)
    .default(50),
  search: z.string().trim().max(200).optional(),
  status: z.preprocess((value) => (value === '' || value === 'all' ? undefined : value), z.enum(LEAD_STATUSES, { error: `status must be one of ${LEAD_STATUSES.join(', ')}` }).optional()),
  sort: z.enum(LEAD_SORTS, { error: `sort must be one of ${LEAD_SORTS.join(', ')}` }).default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
});

export async function adminLeadsRoutes(app: FastifyInstance, deps: BackOfficeDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/admin/get-all-leads', { onRequest: adminOnly, schema: { querystring: leadListQuerySchema } }, async (request) => {
    const { page, pageSize, search, status, sort, order } = request.query;
    const window = toDateWindow(request.query, clockOf(deps)());
    const { leads, total } = await findLeadPage(deps.db, { window, page, pageSize, search, status, sort, order });
    return { success: true, leads, total, page, pageSize };
  });
}
