// The admin System status tab (replaces the seed's debug panel): database, storage, mail transport and
// outbox, job queue, and each AI engine's provider and model with whether it is configured and reachable,
// its failures over the last day and its median render time; AI renders, failure rate and estimated spend
// per provider today and over 30 days, and the daily budget (GET /api/admin/ai-budget feeds the back
// office's banner). Nothing here ever contains a secret: the providers' own health checks redact what they
// report. POST .../test-email sends the admin a test mail through the real outbox, so the whole path
// (outbox → sender → transport) is proven.
import type { FastifyInstance } from 'fastify';
import { AI_ENGINES } from '#shared/constants';
import { countByStatus, pingDatabase, type Db } from '#server/db/database';
import { countEngineRenders, recentRenderTimes } from '#server/modules/renders/renders.repository';
import type { RenderProvider } from '#server/engines/engine';
import type { ProviderHealth } from '#server/engines/http/provider-health';
import type { EngineRegistry } from '#server/engines/registry';
import { queueMail } from '#server/infra/mail/outbox';
import { requireRole, adminOnly } from '#server/modules/auth/guards';
import { clockOf } from '#server/infra/clock';
import type { RouteDeps } from '#server/http/route-deps';
import { isPostgres } from '#server/db/sql-dialect';
import { DAY_MS, startOfTodayInMassachusetts } from '#shared/time';
import { aiBudgetResponseSchema, systemStatusResponseSchema, testEmailResponseSchema } from '#shared/back-office.schema';
import { budgetState, spendByProvider, THIRTY_DAYS_MS } from '#server/modules/renders/ai-spend';
import type { QueueDescription } from '#server/infra/queue/job-queue';

/** What the status tab reads beyond the back office's usual dependencies. */
export type SystemStatusSources = {
  registry: EngineRegistry;
  mailTransport: { name: string };
  /** The render queue's own description when it has one (the BullMQ tier does); else the jobs table is read. */
  describeQueue?: () => Promise<QueueDescription>;
  /** AI_DAILY_BUDGET_USD; undefined: no cap. */
  dailyBudgetUsd?: number;
};

/** How many recent renders the median render time is taken over. */
const MEDIAN_SAMPLE = 100;

const hasHealthCheck = (provider: RenderProvider): provider is RenderProvider & { checkHealth: () => Promise<ProviderHealth> } =>
  typeof (provider as { checkHealth?: unknown }).checkHealth === 'function';

async function providerHealth(provider: RenderProvider, fallback: RenderProvider): Promise<ProviderHealth> {
  if (hasHealthCheck(provider)) return provider.checkHealth();
  if (provider === fallback)
    return { configured: true, reachable: true, detail: 'Built-in offline preview engine: no provider configured for this engine.' };
  return { configured: true, reachable: true, detail: `${provider.name} has no health check.` };
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

async function engineStatus(db: Db, sources: SystemStatusSources, since: string) {
  return Promise.all(
    AI_ENGINES.map(async (engine) => {
      const provider = sources.registry.providerFor(engine.id);
      const [health, failures, fallbacks, recent] = await Promise.all([
        providerHealth(provider, sources.registry.fallback),
        countEngineRenders(db, engine.id, since, 'failed'),
        countEngineRenders(db, engine.id, since, 'fallback'),
        recentRenderTimes(db, engine.id, MEDIAN_SAMPLE),
      ]);
      return {
        engine: engine.id,
        label: engine.name,
        provider: provider.name,
        model: provider.model.displayName,
        ...health,
        failedLast24h: failures,
        fallbacksLast24h: fallbacks,
        medianRenderMs: median(recent),
      };
    }),
  );
}

async function databaseQueue(db: Db): Promise<QueueDescription> {
  const counts = await countByStatus(db, 'jobs');
  return { kind: 'database', healthy: true, waiting: counts.queued ?? 0, active: counts.running ?? 0, failed: counts.failed ?? 0 };
}

/** For the System status tab; absent in tests that do not need it. */
export type SystemStatusDeps = RouteDeps & { system?: SystemStatusSources };

export async function systemStatusRoutes(app: FastifyInstance, deps: SystemStatusDeps) {
  const { db } = deps;
  const now = clockOf(deps);

  app.get('/api/admin/system-status', { onRequest: adminOnly, schema: { response: { 200: systemStatusResponseSchema } } }, async () => {
    const sources = deps.system;
    const started = performance.now();
    const databaseUp = await pingDatabase(db);
    const latencyMs = Math.round(performance.now() - started);
    const since = new Date(now().getTime() - DAY_MS).toISOString();
    const checkedAt = now();
    const [storageUp, outbox, queue, engines, budget, today, last30Days] = await Promise.all([
      deps.storage.isHealthy(),
      countByStatus(db, 'mail_outbox'),
      (sources?.describeQueue ?? (() => databaseQueue(db)))().catch(
        () => ({ kind: 'bullmq', healthy: false, waiting: 0, active: 0, failed: 0 }) as QueueDescription,
      ),
      sources ? engineStatus(db, sources, since) : Promise.resolve([]),
      budgetState(db, sources?.dailyBudgetUsd, checkedAt),
      spendByProvider(db, startOfTodayInMassachusetts(checkedAt)),
      spendByProvider(db, new Date(checkedAt.getTime() - THIRTY_DAYS_MS)),
    ]);
    return {
      success: true as const,
      checkedAt: now().toISOString(),
      database: { kind: isPostgres(db) ? 'postgres' : 'sqlite', reachable: databaseUp, latencyMs },
      storage: { kind: deps.storage.describe().kind, healthy: storageUp },
      mail: {
        transport: sources?.mailTransport.name ?? 'unknown',
        pending: (outbox.pending ?? 0) + (outbox.sending ?? 0),
        sent: outbox.sent ?? 0,
        failed: outbox.failed ?? 0,
      },
      queue,
      engines,
      aiSpend: { budget, today, last30Days },
    };
  });

  app.get('/api/admin/ai-budget', { onRequest: adminOnly, schema: { response: { 200: aiBudgetResponseSchema } } }, async () => ({
    success: true as const,
    budget: await budgetState(db, deps.system?.dailyBudgetUsd, now()),
  }));

  app.post(
    '/api/admin/system-status/test-email',
    { onRequest: adminOnly, schema: { response: { 200: testEmailResponseSchema } } },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      const sentAt = now();
      const id = await queueMail(
        db,
        {
          kind: 'system-test',
          to: admin.email,
          subject: 'Test email from MetroWest AI Renovations',
          text: `This is a test email sent from the admin System status tab at ${sentAt.toISOString()}. If you can read it, mail delivery works.`,
          html: `<p>This is a test email sent from the admin System status tab at ${sentAt.toISOString()}.</p><p>If you can read it, mail delivery works.</p>`,
        },
        sentAt,
      );
      await deps.domainEvents.emit('mail.queued', {});
      return { success: true as const, message: `A test email is on its way to ${admin.email}.`, id };
    },
  );
}
