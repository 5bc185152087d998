// The debug panel's calls (seed 001 §7), for admins only and redacted: configuration is reported as set or
// not set, never its value. GET /api/debug-env, GET /api/debug-supabase (the database: which kind, and
// whether it answers), GET /api/debug-replicate (image providers, from real calls: image-provider-diagnostics.ts), POST /api/setup-feedback-table and
// POST /api/apply-feedback-migration (the migrations own that table), POST /api/notify-contractor (a test
// lead) and DELETE /api/debug-test-lead/:id (removes such a test lead again).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/http/errors';
import { deleteTestLead } from '#server/modules/leads/leads.repository';
import { countRows, pingDatabase } from '#server/db/database';
import { requireRole, adminOnly } from '#server/modules/auth/guards';
import type { RouteDeps } from '#server/http/route-deps';
import { ADMIN_MESSAGES } from '#shared/messages';
import { createDebugLead, debugLeadSchema } from './debug-lead.service';
import { isPostgres } from '#server/db/sql-dialect';
import { diagnoseImageProviders } from './image-provider-diagnostics';

/** Without the app's config (a bare test app), no provider is configured. */
const OFFLINE_ENGINES = { 'structural-design-ai': 'offline', 'architectural-vision-engine': 'offline' };
import {
  debugEnvResponseSchema,
  debugDatabaseResponseSchema,
  debugDatabaseDownResponseSchema,
  okResponseSchema,
  debugImageProviderResponseSchema,
  debugLeadResponseSchema,
} from '#shared/back-office.schema';

const TABLES = ['users', 'leads', 'contractors', 'assignments', 'feedback'] as const;

export async function debugRoutes(app: FastifyInstance, deps: RouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const kind = isPostgres(db) ? ('postgres' as const) : ('sqlite' as const);
  // The app's config when the plugin runs inside buildApp's app; only whether things are set is reported.
  const config = app.hasDecorator('config') ? app.config : undefined;

  routes.get('/api/debug-env', { onRequest: adminOnly, schema: { response: { 200: debugEnvResponseSchema } } }, async () => ({
    success: true as const,
    environment: config?.env ?? null,
    database: kind,
    variables: {
      PUBLIC_URL: Boolean(deps.publicUrl),
      DATABASE_URL: kind === 'postgres',
      SMTP_URL: Boolean(config?.smtpUrl),
      REDIS_URL: Boolean(config?.redisUrl),
      MAIL_FROM: Boolean(config?.mailFrom),
      MAIL_POSTAL_ADDRESS: Boolean(deps.postalAddress),
      ADMIN_EMAIL: Boolean(config?.admin),
      AUTH_SECRET: Boolean(config?.authSecret),
    },
  }));

  routes.get(
    '/api/debug-supabase',
    { onRequest: adminOnly, schema: { response: { 200: debugDatabaseResponseSchema, 503: debugDatabaseDownResponseSchema } } },
    async (_request, reply) => {
      const started = performance.now();
      const reachable = await pingDatabase(db);
      const latencyMs = Math.round(performance.now() - started);
      const storage = await deps.storage.isHealthy();
      if (!reachable)
        return reply.status(503).send({
          success: false,
          error: 'The database does not answer.',
          code: 'INTERNAL',
          database: { kind, reachable, latencyMs },
          storage,
        });
      const counts = await Promise.all(TABLES.map(async (table) => [table, await countRows(db, table)] as const));
      return {
        success: true as const,
        message: `Connected to ${kind === 'postgres' ? 'PostgreSQL' : 'SQLite'}.`,
        database: { kind, reachable, latencyMs },
        storage,
        tables: Object.fromEntries(counts),
      };
    },
  );

  routes.get('/api/debug-replicate', { onRequest: adminOnly, schema: { response: { 200: debugImageProviderResponseSchema } } }, async () =>
    diagnoseImageProviders(config ?? { engines: OFFLINE_ENGINES, providers: {} }),
  );

  // The seed's panel could create the feedback table by hand; here the migrations already did, so both
  // calls only confirm it can be read.
  const feedbackTableReady = async () => {
    await countRows(db, 'feedback');
    return { success: true as const, message: ADMIN_MESSAGES.feedbackTableReady };
  };
  routes.post('/api/setup-feedback-table', { onRequest: adminOnly }, feedbackTableReady);
  routes.post('/api/apply-feedback-migration', { onRequest: adminOnly }, feedbackTableReady);

  routes.post(
    '/api/notify-contractor',
    { onRequest: adminOnly, schema: { body: debugLeadSchema, response: { 200: debugLeadResponseSchema } } },
    async (request) => {
      await requireRole(request, 'admin');
      const { id, score, assignment } = await createDebugLead(db, deps, request.body);
      return { success: true as const, id, score, assignment };
    },
  );

  routes.delete(
    '/api/debug-test-lead/:id',
    { onRequest: adminOnly, schema: { params: z.object({ id: z.string().trim().min(1).max(100) }), response: { 200: okResponseSchema } } },
    async (request) => {
      if (!(await deleteTestLead(db, request.params.id))) throw notFound(ADMIN_MESSAGES.testLeadNotFound);
      return { success: true as const };
    },
  );
}
