// GET /api/admin/get-all-leads: the Leads tab, one page at a time, in the date window.
// GET /api/admin/export-leads: every lead the same filters match, as CSV, streamed a batch at a time.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LEAD_STATUSES } from '#shared/constants';
import { adminOnly } from '#server/modules/auth/guards';
import { csvRow } from '#shared/csv';
import { findLeadPage, LEAD_SORTS, type LeadListQuery } from '#server/modules/leads/lead-lists.repository';
import { allMatchingLeads } from '#server/modules/leads/lead-export';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { toDateWindow, withDateWindow } from '#server/http/date-window';
import { adminLeadsResponseSchema } from '#shared/lead-row.schema';

export const MAX_LEAD_PAGE_SIZE = 200;

const pageFields = {
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .default(1),
  pageSize: z.coerce
    .number({ error: `pageSize must be a whole number from 1 to ${MAX_LEAD_PAGE_SIZE}` })
    .int(`pageSize must be a whole number from 1 to ${MAX_LEAD_PAGE_SIZE}`)
    .min(1, `pageSize must be a whole number from 1 to ${MAX_LEAD_PAGE_SIZE}`)
    .max(MAX_LEAD_PAGE_SIZE, `pageSize must be a whole number from 1 to ${MAX_LEAD_PAGE_SIZE}`)
    .default(50),
};
const filterFields = {
  search: z.string().trim().max(200).optional(),
  status: z.preprocess(
    (value) => (value === '' || value === 'all' ? undefined : value),
    z.enum(LEAD_STATUSES, { error: `status must be one of ${LEAD_STATUSES.join(', ')}` }).optional(),
  ),
  sort: z.enum(LEAD_SORTS, { error: `sort must be one of ${LEAD_SORTS.join(', ')}` }).default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
};
const leadListQuerySchema = withDateWindow({ ...pageFields, ...filterFields });
const exportQuerySchema = withDateWindow(filterFields);

/** The export's columns: the Leads tab's, flattened. */
const CSV_HEADER = [
  'id',
  'name',
  'email',
  'phone',
  'zip',
  'room_type',
  'style',
  'wants_quote',
  'status',
  'assigned_to',
  'lead_score',
  'probability_to_close_score',
  'intent_score',
  'lead_quality_score',
  'engagement_score',
  'render_count',
  'created_at',
];
const EXPORT_BATCH = 1000;

async function* leadsCsv(db: RouteDeps['db'], query: Omit<LeadListQuery, 'page' | 'pageSize'>) {
  yield csvRow(CSV_HEADER);
  for await (const leads of allMatchingLeads(db, query, EXPORT_BATCH)) {
    yield leads
      .map((lead) =>
        csvRow([
          lead.id,
          lead.name,
          lead.email,
          lead.phone,
          lead.zip,
          lead.room_type,
          lead.style,
          lead.wants_quote,
          lead.status,
          lead.contractors?.name,
          lead.lead_score,
          lead.probability_to_close_score,
          lead.intent_score,
          lead.lead_quality_score,
          lead.engagement_score,
          lead.render_count,
          lead.created_at,
        ]),
      )
      .join('');
  }
}

export async function adminLeadsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/get-all-leads',
    { onRequest: adminOnly, schema: { querystring: leadListQuerySchema, response: { 200: adminLeadsResponseSchema } } },
    async (request) => {
      const { page, pageSize, search, status, sort, order } = request.query;
      const window = toDateWindow(request.query, clockOf(deps)());
      const { leads, total, totalCapped } = await findLeadPage(deps.db, { window, page, pageSize, search, status, sort, order });
      return { success: true as const, leads, total, totalCapped, page, pageSize };
    },
  );

  routes.get('/api/admin/export-leads', { onRequest: adminOnly, schema: { querystring: exportQuerySchema } }, async (request, reply) => {
    const { search, status, sort, order } = request.query;
    const now = clockOf(deps)();
    const window = toDateWindow(request.query, now);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="leads-${now.toISOString().slice(0, 10)}.csv"`)
      .send(Readable.from(leadsCsv(deps.db, { window, search, status, sort, order })));
  });
}
