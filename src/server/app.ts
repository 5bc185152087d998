// buildApp(config): the whole server as one Fastify instance. main.ts listens with it; tests call
// app.inject() on it. Order: infrastructure, then modules, then the client for everything else.
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { responseSerializer } from '#server/http/response-serializer';
import { PRODUCT_MESSAGES } from '#shared/messages';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { ensureAdmin, seedServiceArea } from './seed';
import { createEngineRegistryFromConfig, type EngineRegistry } from '#server/engines/registry';
import { AppError } from '#server/http/errors';
import { serializeRequestForLog } from '#server/http/log-redaction';
import { createMailSender, type MailSender } from '#server/infra/mail/mail-sender';
import { createDomainEvents, type DomainEvents } from '#server/infra/domain-events';
import { refreshLeadScoresQuietly } from '#server/modules/scoring/refresh-lead-scores';
import { createMailTransport } from '#server/infra/mail/mail-transport';
import { registerRateLimits } from '#server/http/rate-limits';
import { registerRequestEdge } from '#server/http/request-edge';
import { registerSecurity } from '#server/http/security';
import type { JobQueue } from '#server/infra/queue/job-queue';
import { createStorageFromConfig } from '#server/infra/storage/create-storage';
import { StorageObjectMissingError, type Storage } from '#server/infra/storage/storage';
import { createAuth, type Auth } from '#server/modules/auth/auth';
import { accountRoutes } from '#server/modules/account/account.routes';
import { createPurgeScheduler } from '#server/modules/account/retention-purge';
import { authRoutes } from '#server/modules/auth/auth.routes';
import { emailConfirmationRoutes } from '#server/modules/auth/email-confirmation.routes';
import { adminFeedbackRoutes } from '#server/modules/admin/admin-feedback.routes';
import { adminLeadsRoutes } from '#server/modules/admin/admin-leads.routes';
import { adminUsersRoutes } from '#server/modules/admin/admin-users.routes';
import { dashboardRoutes } from '#server/modules/admin/dashboard.routes';
import { debugRoutes } from '#server/modules/admin/debug.routes';
import { leadScoresRoutes } from '#server/modules/admin/lead-scores.routes';
import { settingsRoutes } from '#server/modules/admin/settings.routes';
import { systemStatusRoutes } from '#server/modules/admin/system-status.routes';
import { assignmentsRoutes } from '#server/modules/assignments/assignments.routes';
import { leadStatusRoutes } from '#server/modules/leads/lead-status.routes';
import { trackingRoutes } from '#server/modules/assignments/tracking.routes';
import { contractorApplicationsRoutes } from '#server/modules/contractors/contractor-applications.routes';
import { contractorInvitationsRoutes } from '#server/modules/contractors/contractor-invitations.routes';
import { contractorsRoutes } from '#server/modules/contractors/contractors.routes';
import type { RouteDeps } from '#server/http/route-deps';
import { adminHomeSummaryRoutes } from '#server/modules/admin/home-summary.routes';
import { analyticsRoutes } from '#server/modules/analytics/analytics.routes';
import { contractorLeadsRoutes } from '#server/modules/contractors/contractor-leads.routes';
import { contractorStatusRoutes } from '#server/modules/contractors/contractor-status.routes';
import { feedRoutes } from '#server/modules/feed/feed.routes';
import { sharePageRoutes } from '#server/modules/feed/share-page.routes';
import { feedbackRoutes } from '#server/modules/feedback/feedback.routes';
import { healthRoutes } from '#server/modules/health/health.routes';
import { leadDossierRoutes } from '#server/modules/lead-dossier/lead-dossier.routes';
import { onEmailConfirmed } from '#server/modules/leads/lead.service';
import { leadsRoutes } from '#server/modules/leads/leads.routes';
import { marketingRoutes } from '#server/modules/marketing/marketing.routes';
import { generateRoutes } from '#server/modules/renders/generate.routes';
import { createEventsFor, createRenderQueue } from '#server/modules/renders/render-queue';
import { replicateWebhookRoutes } from '#server/modules/renders/replicate-webhook.routes';
import { rendersRoutes } from '#server/modules/renders/renders.routes';
import { createRenderStreams, type RenderStreams } from '#server/modules/renders/render-streams';
import { enginesRoutes } from '#server/modules/renders/engines.routes';
import { designResultsRoutes } from '#server/modules/renders/design-results.routes';
import { myDesignsRoutes } from '#server/modules/renders/my-designs.routes';
import { heroRoutes } from '#server/modules/site-hero/hero.routes';
import { createHeroPageRewriter } from '#server/modules/site-hero/hero-page';
import { serviceAreaRoutes } from '#server/modules/service-area/service-area.routes';
import { UploadError } from '#server/modules/uploads/image-normaliser';
import { uploadLinksRoutes } from '#server/modules/uploads/upload-links.routes';
import { uploadsRoutes } from '#server/modules/uploads/uploads.routes';
import { webRoutes } from '#server/modules/web/web.routes';
import type { Clock } from '#server/infra/clock';
import { disputesRoutes } from '#server/modules/disputes/disputes.routes';
import { ledgerRoutes } from '#server/modules/ledger/ledger.routes';
import { createFeeScheduler } from '#server/modules/ledger/subscription-fees';
import { createDeadlineScheduler } from '#server/modules/assignments/deadline-scheduler';
import { createRecalculationRunner, type RecalculationRunner } from '#server/modules/scoring/score-recalculation-runs';
import { registerCompression } from '#server/http/compression';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    storage: Storage;
    auth: Auth;
    queue: JobQueue;
    mailer: MailSender;
    /** Runs queued 'Recalculate Scores' requests in the background. */
    recalculations: RecalculationRunner;
    renderStreams: RenderStreams;
    /** What happened, for whoever subscribed: mail.queued wakes the mail sender, lead.engaged rescores leads. */
    domainEvents: DomainEvents;
    /** Every route as registered (HEAD left out): the authorisation table test walks them all. */
    routeList: { method: string; url: string }[];
  }
}

export type AppOverrides = {
  /** Engine bindings, e.g. a failing provider in tests. */
  registry?: EngineRegistry;
  /** False to leave the job worker stopped (tests drive it with queue.tick()). */
  startWorker?: boolean;
  /** Where log lines go instead of stdout (the test that greps every line for secrets). */
  logStream?: NodeJS.WritableStream;
  /** The clock the routes read (deadlines, months, windows); tests move it forward. */
  now?: Clock;
};

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Never log credentials: session cookies and bearer tokens stay out of every line, and so do the
      // tokens some links carry in their URL (invitations, QR-code uploads, unsubscribe).
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: { req: serializeRequestForLog },
      ...(overrides.logStream ? { stream: overrides.logStream } : {}),
    },
    requestIdHeader: 'x-request-id',
    // Only the proxies TRUST_PROXY names may set the client's address (per-IP limits count it).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  const routeList: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeList.push({ method, url: route.url });
  });
  app.decorate('routeList', routeList);
  app.setValidatorCompiler(validatorCompiler);
  // Tests refuse a response key the route's schema does not declare (http/response-serializer.ts).
  app.setSerializerCompiler(responseSerializer({ strict: config.env === 'test' }));
  app.setErrorHandler(handleError);

  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  await seedServiceArea(database.db);

  const storage = createStorageFromConfig(config.storage);

  // Render jobs run here (database queue) or, with REDIS_URL, in `npm run worker` processes (BullMQ).
  const renderEvents = await createEventsFor(config, app.log);
  const events = renderEvents.events;
  const renderStreams = createRenderStreams();
  const registry = overrides.registry ?? createEngineRegistryFromConfig(config);
  // What services report after their transactions commit, and the effects that follow, subscribed below (decision 021).
  const domainEvents = createDomainEvents(app.log);
  const renderQueue = createRenderQueue({ config, db: database.db, storage, registry, events, domainEvents, log: app.log });
  const queue = renderQueue.queue;
  const mailTransport = createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, mailFrom: config.mailFrom });
  // 20 attempts with backoff capped at 15 minutes: about three hours of SMTP outage before a mail is
  // marked failed for admins to see.
  const mailer = createMailSender({
    db: database.db,
    storage,
    transport: mailTransport,
    mailFrom: config.mailFrom,
    maxAttempts: 20,
    log: app.log,
  });
  domainEvents.on('mail.queued', () => mailer.wake());
  domainEvents.on('lead.engaged', ({ target, at }) => refreshLeadScoresQuietly(database.db, target, app.log, at));
  const leadDeps = {
    db: database.db,
    publicUrl: config.publicUrl,
    authSecret: config.authSecret,
    postalAddress: config.mailPostalAddress,
    domainEvents,
    log: app.log,
  };
  const auth = createAuth(config, database, app.log, {
    onEmailConfirmed: (userId) => onEmailConfirmed(leadDeps, userId),
    onMailQueued: () => domainEvents.emit('mail.queued', {}),
    onSignedIn: (userId) => domainEvents.emit('lead.engaged', { target: { userId } }),
  });
  if (config.admin) await ensureAdmin(database.db, auth, config.admin);
  const purge = createPurgeScheduler({ db: database.db, storage, retentionDays: config.uploadRetentionDays, log: app.log });
  // The lead business's clock: subscription fees each month, overdue assignments reassigned (docs/lead-business.md).
  const fees = createFeeScheduler({ db: database.db, log: app.log, now: overrides.now });
  const deadlines = createDeadlineScheduler({
    db: database.db,
    domainEvents,
    publicUrl: config.publicUrl,
    postalAddress: config.mailPostalAddress,
    now: overrides.now,
    log: app.log,
  });
  // 'Recalculate Scores' runs here in the background, resumable by any instance (issue 21).
  const recalculations = createRecalculationRunner({ db: database.db, now: overrides.now, log: app.log });
  if (overrides.startWorker !== false) {
    app.addHook('onReady', async () => {
      queue.start();
      mailer.start();
      purge.start();
      fees.start();
      deadlines.start();
      recalculations.start();
    });
  }
  // Finish running jobs and the mail being sent before the database goes away.
  app.addHook('onClose', async () => {
    await Promise.all([queue.stop(), mailer.stop(), purge.stop(), fees.stop(), deadlines.stop(), recalculations.stop()]);
    await Promise.all([renderQueue.close(), renderEvents.close()]);
    mailTransport.close();
    await database.close();
  });

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('storage', storage);
  app.decorate('auth', auth);
  app.decorate('queue', queue);
  app.decorate('mailer', mailer);
  app.decorate('recalculations', recalculations);
  app.decorate('renderStreams', renderStreams);
  app.decorate('domainEvents', domainEvents);

  registerRequestEdge(app);
  await registerSecurity(app, { publicUrl: config.publicUrl });
  await registerCompression(app);
  // Counters under the deployment's QUEUE_PREFIX, so deployments (and test runs) sharing one Redis count apart.
  await registerRateLimits(app, { ...config.rateLimits, redisUrl: config.redisUrl, redisPrefix: config.queue.prefix });
  const db = database.db;
  const routeDeps: RouteDeps = {
    db,
    storage,
    domainEvents,
    publicUrl: config.publicUrl,
    postalAddress: config.mailPostalAddress,
    now: overrides.now,
  };

  // Every module's routes, mounted here and nowhere else.
  await app.register(authRoutes, { auth, db });
  await app.register(emailConfirmationRoutes, {
    db,
    confirmation: { authSecret: config.authSecret, publicUrl: config.publicUrl, postalAddress: config.mailPostalAddress },
    onMailQueued: () => domainEvents.emit('mail.queued', {}),
    now: overrides.now,
  });
  await app.register(healthRoutes, { db, storage });
  // The homeowner's side (seed 000).
  await app.register(serviceAreaRoutes, { db });
  await app.register(feedbackRoutes, { db });
  await app.register(marketingRoutes, { db, domainEvents, publicUrl: config.publicUrl, postalAddress: config.mailPostalAddress });
  await app.register(analyticsRoutes, { db, domainEvents });
  await app.register(uploadsRoutes, { db, storage });
  await app.register(uploadLinksRoutes, { db, storage, publicUrl: config.publicUrl });
  await app.register(rendersRoutes, { db, storage, queue, events, streams: renderStreams });
  await app.register(enginesRoutes, { db, registry, dailyBudgetUsd: config.ai.dailyBudgetUsd });
  await app.register(designResultsRoutes, { db, queue, registry, dailyBudgetUsd: config.ai.dailyBudgetUsd });
  await app.register(generateRoutes, { db, storage, queue, events, streams: renderStreams });
  await app.register(myDesignsRoutes, { db, storage, domainEvents, log: app.log });
  const heroPage = createHeroPageRewriter(db);
  await app.register(heroRoutes, { db, storage, onHeroChanged: heroPage.forget });
  await app.register(replicateWebhookRoutes, { db, events, secret: config.providers.replicate?.webhookSecret });
  await app.register(feedRoutes, { db, storage, domainEvents });
  await app.register(sharePageRoutes, { db, storage, publicUrl: config.publicUrl });
  await app.register(leadsRoutes, leadDeps);
  await app.register(accountRoutes, { db, storage, domainEvents });
  // The back office (seed 001): leads and their assignment, contractors, and the admin panel.
  await app.register(assignmentsRoutes, routeDeps);
  await app.register(disputesRoutes, routeDeps);
  await app.register(ledgerRoutes, routeDeps);
  await app.register(leadStatusRoutes, routeDeps);
  await app.register(trackingRoutes, routeDeps);
  await app.register(leadDossierRoutes, routeDeps);
  await app.register(contractorsRoutes, routeDeps);
  await app.register(contractorApplicationsRoutes, routeDeps);
  await app.register(contractorInvitationsRoutes, routeDeps);
  await app.register(contractorLeadsRoutes, { db, storage, now: overrides.now });
  await app.register(contractorStatusRoutes, { db });
  await app.register(adminHomeSummaryRoutes, { db });
  await app.register(dashboardRoutes, routeDeps);
  await app.register(adminLeadsRoutes, routeDeps);
  await app.register(adminUsersRoutes, routeDeps);
  await app.register(adminFeedbackRoutes, routeDeps);
  await app.register(leadScoresRoutes, { ...routeDeps, recalculations });
  await app.register(settingsRoutes, routeDeps);
  await app.register(systemStatusRoutes, {
    ...routeDeps,
    system: { registry, mailTransport, describeQueue: () => queue.describe(), dailyBudgetUsd: config.ai.dailyBudgetUsd },
  });
  await app.register(debugRoutes, routeDeps);
  // Last: the client's pages and the SPA fallback.
  await app.register(webRoutes, { clientDir: config.clientDir, publicUrl: config.publicUrl, rewritePage: heroPage.rewrite });
  return app;
}

/** Believe the nearest `hops` proxies (the address each hop appended), never the client's own claims. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Maps every error to the { success: false, error } envelope; 5xx details stay in the log. */
function handleError(
  this: FastifyInstance,
  error: FastifyError | AppError,
  request: import('fastify').FastifyRequest,
  reply: import('fastify').FastifyReply,
) {
  if (error instanceof UploadError) {
    const status = error.code === 'FILE_TOO_LARGE' ? 413 : error.code === 'INVALID_FORMAT' ? 415 : error.code === 'UNEXPECTED' ? 500 : 422;
    return reply.status(status).send({ success: false, error: error.message, code: error.code });
  }
  // A row whose image has gone (deleted account, purge racing a request) is a 404, not a server fault.
  if (error instanceof StorageObjectMissingError) {
    return reply.status(404).send({ success: false, error: PRODUCT_MESSAGES.notFound, code: 'NOT_FOUND' });
  }
  if (error instanceof AppError) {
    return reply.status(error.status).send({ success: false, error: error.message, code: error.code });
  }
  if (error.validation) {
    const first = error.validation[0];
    return reply.status(400).send({ success: false, error: first?.message ?? PRODUCT_MESSAGES.invalidRequest, code: 'VALIDATION_ERROR' });
  }
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.status(status).send({ success: false, error: PRODUCT_MESSAGES.internalError, code: 'INTERNAL' });
  }
  return reply.status(status).send({ success: false, error: error.message, code: error.code ?? 'BAD_REQUEST' });
}
