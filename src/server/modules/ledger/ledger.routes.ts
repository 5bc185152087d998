// The ledger's screens: GET /api/admin/contractors/:id/statement?month=YYYY-MM (JSON, and .csv and .pdf to
// download), GET /api/contractor/statement (the signed-in contractor's own, the same three ways) and
// GET /api/admin/revenue (revenue per month for the dashboard).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MESSAGES } from '#shared/messages';
import { revenueResponseSchema, statementResponseSchema } from '#shared/back-office.schema';
import { clockOf } from '#server/infra/clock';
import { massachusettsMonth } from '#server/http/date-window';
import type { RouteDeps } from '#server/http/route-deps';
import { adminOnly, contractorOnly, requireRole } from '#server/modules/auth/guards';
import { findContractorByUser } from '#server/modules/contractors/contractors.repository';
import { forbidden } from '#server/http/errors';
import { revenueByMonth } from './ledger.repository';
import { renderStatementPdf } from './statement-pdf';
import { buildStatement, statementCsv, statementFileName, type Statement } from './statement.service';

const monthQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/, ADMIN_MESSAGES.periodInvalid)
    .optional(),
});
const contractorParams = z.object({ id: z.string().trim().min(1).max(100) });
const FORMATS = ['json', 'csv', 'pdf'] as const;

async function sendStatement(reply: FastifyReply, statement: Statement, format: (typeof FORMATS)[number], now: Date) {
  if (format === 'json') return { success: true as const, statement };
  reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${statementFileName(statement, format)}"`);
  if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(statementCsv(statement));
  return reply.type('application/pdf').send(Buffer.from(await renderStatementPdf(statement, now)));
}

export async function ledgerRoutes(app: FastifyInstance, deps: RouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = clockOf(deps);

  for (const format of FORMATS) {
    const suffix = format === 'json' ? '' : `.${format}`;
    const response = format === 'json' ? { response: { 200: statementResponseSchema } } : {};
    routes.get(
      `/api/admin/contractors/:id/statement${suffix}`,
      { onRequest: adminOnly, schema: { params: contractorParams, querystring: monthQuery, ...response } },
      async (request, reply) => {
        const statement = await buildStatement(deps.db, request.params.id, request.query.month ?? massachusettsMonth(now()));
        return sendStatement(reply, statement, format, now());
      },
    );
    routes.get(
      `/api/contractor/statement${suffix}`,
      { onRequest: contractorOnly, schema: { querystring: monthQuery, ...response } },
      async (request, reply) => {
        const user = await requireRole(request, 'contractor');
        const contractor = await findContractorByUser(deps.db, user.id);
        if (!contractor) throw forbidden(ADMIN_MESSAGES.noContractorRecord);
        const statement = await buildStatement(deps.db, contractor.id, request.query.month ?? massachusettsMonth(now()));
        return sendStatement(reply, statement, format, now());
      },
    );
  }

  routes.get('/api/admin/revenue', { onRequest: adminOnly, schema: { response: { 200: revenueResponseSchema } } }, async () => ({
    success: true as const,
    months: await revenueByMonth(deps.db, 12),
  }));
}
