import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { AppError } from '../shared/errors';
import type { Config } from './config';
import { accountRoutes } from './modules/account/routes';
import { signInLimiter } from './modules/account/service';
import { dashboardRoutes } from './modules/dashboard/routes';
import { outlookRoutes } from './modules/outlook/routes';
import { healthRoutes } from './modules/health/routes';
import { manualRoutes } from './modules/help/manual-routes';
import { helpRoutes } from './modules/help/routes';
import { projectListRoutes } from './modules/project-lists/routes';
import { projectsRoutes } from './modules/projects/routes';
import { legalRoutes } from './modules/legal/routes';
import { orderRoutes } from './modules/orders/routes';
import { adminRoutes } from './modules/admin/routes';
import { registerDemoIdp } from './modules/oidc/demo-idp';
import { sessionRoutes } from './modules/sessions/routes';
import { oidcRoutes } from './modules/oidc/routes';
import { oidcSettingsRoutes } from './modules/oidc/settings-routes';
import { userRoutes } from './modules/users/routes';
import { accountLinkRoutes } from './modules/profile/account-link-routes';
import { profileRoutes } from './modules/profile/routes';
import { registerAuth, sessionCookieName } from './platform/auth/auth-plugin';
import { registerInFlightLimit, registerFairStart } from './platform/http/in-flight';
import { zipLimiter } from './modules/files/file-downloads';
import { stopPdfWorkers } from './platform/pdf/print-pdf';
import { systemClock, type Clock } from './platform/clock';
import { createDatabase, type Database } from './platform/db/database';
import { migrateToLatest } from './platform/db/migrate';
import { documentErrorResponses, registerErrorHandling } from './platform/http/error-handler';
import { swaggerOptions } from './platform/openapi/document';
import { registerApiReference } from './platform/openapi/reference-page';
import { registerCanonicalPaths } from './platform/http/canonical-path';
import { guardedValidatorCompiler } from './platform/http/input-guard';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerRateLimits } from './platform/http/rate-limit';
import { registerMetrics } from './platform/http/metrics';
import { webVitalsRoutes } from './platform/http/web-vitals';
import { registerProxyWarning } from './platform/http/proxy-warning';
import { registerStaticClient } from './platform/http/static-client';
import { registerWebManifest } from './platform/http/web-manifest';
import { startFirstScreenRenderer } from './platform/http/first-screen-renderer';
import { pageDataOf } from './page-data';
import { redactSecrets } from './platform/http/log-redaction';
import './platform/http/types';
import { createMailer } from './platform/mail/mailer';
import { createWorkQueue } from './platform/jobs/work';
import { machineAccessRoutes } from './modules/machine-access/routes';
import { registerWebhookDelivery, writeWebhookDeliveries } from './modules/machine-access/webhook-delivery';
import { addEventWriter, createEventBus } from './platform/events';
import { createStorage } from './platform/storage/create-storage';
import { fileRoutes } from './modules/files/routes';
import { fileGuards } from './modules/files/workflow-hooks';
import { reviewGuards } from './modules/viewer/workflow-hooks';
import { viewerRoutes } from './modules/viewer/routes';
import { journalRoutes } from './modules/journal/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { liveRoutes } from './modules/live/routes';
import { writeNotifications } from './modules/notifications/writer';
import { calendarRoutes } from './modules/calendar/routes';
import { deliveryRoutes } from './modules/delivery/routes';
import { searchRoutes } from './modules/search/routes';
import { searchLimiter } from './modules/search/service';
import { taskRoutes } from './modules/tasks/routes';
import { testingRoutes } from './modules/testing/routes';
import { workflowRoutes } from './modules/workflow/routes';
import { questionnaireRoutes } from './modules/questionnaire/routes';
import { infoSheetValid, mailSheetAfterStructuring } from './modules/questionnaire/service';
import { mailRevisionRequested, reviewDecisionLine } from './modules/viewer/decision';
import { approvalWrite } from './modules/viewer/sign-off';
import { createWorkflowEngine } from './modules/workflow/engine';
import { workflowGuards } from './modules/workflow/guards';
import { orderEffects, orderGuards } from './modules/orders/workflow-hooks';

export type AppOptions = {
  /** An open database (tests share one per worker); otherwise opened from config. */
  db?: Database;
  clock?: Clock;
  logger?: boolean;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** Deliver only the mails this app queued (test apps sharing a database with other test files). */
  ownMailsOnly?: boolean;
  /** PostgreSQL behind `db` when it was opened elsewhere (tests): the event bus LISTENs there. */
  listenUrl?: string;
};

// Secrets never reach the logs: the request and response serializers' headers by path, every
// other place a log call may put them by `redactSecrets` (no wildcard paths on the hot path).
const redact = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/** Builds the whole application: plugins, then modules, then the error handler. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, redact, formatters: { log: redactSecrets }, stream: options.logStream },
    // One value of the union (Fastify's overloads cannot take the union itself); all are valid here.
    trustProxy: config.trustProxy as boolean,
    bodyLimit: 5 * 1024 * 1024,
    // One line per request (below), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDb = !options.db;
  const db = options.db ?? (await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (ownsDb) await migrateToLatest(db);
  // Close hooks run in reverse order of registration: the database's, registered first, runs last,
  // after the work queue, the mailer and the event bus have stopped with it still open.
  if (ownsDb) app.addHook('onClose', async () => db.destroy());
  const clock = options.clock ?? systemClock;

  // Background work (platform/jobs/work.ts): kinds register on the context; main.ts starts the loop.
  const work = createWorkQueue({ db, log: app.log });
  app.addHook('onClose', async () => work.stop());
  const mailer = createMailer(db, {
    work,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    now: () => clock.now(),
    keepRecent: config.e2eReset,
    log: app.log,
    ownMailsOnly: options.ownMailsOnly,
  });
  app.addHook('onClose', async () => mailer.stop());
  // Committed events of every instance for live pages and webhooks (platform/events).
  // Notifications are written from each event in the transaction of the change.
  addEventWriter(writeNotifications);
  // Webhook deliveries are written in the change's transaction too (modules/machine-access).
  addEventWriter(writeWebhookDeliveries);
  const events = createEventBus({ db, databaseUrl: config.databaseUrl ?? options.listenUrl, log: app.log });
  app.addHook('onClose', async () => events.close());
  const workflow = createWorkflowEngine({
    guards: {
      ...workflowGuards,
      ...orderGuards,
      ...fileGuards,
      ...reviewGuards,
      // Structuring finished needs a valid structure and, with the ProjectInfoSheet feature, a valid sheet.
      structureValid: async (ctx) => (await workflowGuards.structureValid(ctx)) && (await infoSheetValid(ctx)),
    },
    effects: [...orderEffects, mailSheetAfterStructuring, mailRevisionRequested],
    // The viewer's journal line for a review decision taken through the plain state change.
    requirementLines: [reviewDecisionLine],
    // The sign-off of an approval through the plain state change (refused while topics are open).
    requirementWrites: [approvalWrite],
    // A complete structure refused for the sheet: the message names the sheet, not the structure.
    hints: {
      structureValid: async (ctx) =>
        (await workflowGuards.structureValid(ctx)) ? 'WORKFLOW.Guard.infoSheetValid' : null,
    },
  });
  const storage = createStorage(config);
  // The service context is the app's only decoration: routes and plugins take what they need from it.
  const limits = { signIns: signInLimiter(), search: searchLimiter(config), zips: zipLimiter() };
  const lifecycle = { draining: false };
  app.decorate('ctx', { db, clock, mailer, config, log: app.log, workflow, storage, work, events, lifecycle, limits });
  registerWebhookDelivery(app.ctx, events, config.webhookRetryDelaysMs);
  app.addHook('onClose', async () => storage.close());
  app.addHook('onClose', async () => stopPdfWorkers());

  await app.register(fastifyCookie);
  // API answers above 1 KB go out gzipped (cheap on the CPU); the client's files come precompressed.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip'] });
  await app.register(fastifyMultipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } });
  await app.register(fastifySwagger, swaggerOptions);

  registerCanonicalPaths(app);
  registerSecurityHeaders(app, config.secureCookies);
  registerErrorHandling(app);
  documentErrorResponses(app);
  registerFairStart(app, sessionCookieName(config.secureCookies));
  registerInFlightLimit(app, sessionCookieName(config.secureCookies));
  registerAuth(app);
  await registerRateLimits(app);
  const metrics = registerMetrics(app, db, config.metricsToken);
  registerProxyWarning(app, config);

  // `{product}` is the deployment's data-area key; any other key is unknown.
  app.addHook('preValidation', async (request) => {
    const params = request.params as { product?: string } | undefined;
    if (params?.product !== undefined && params.product !== config.productKey) throw new AppError('NotFound');
  });
  // The request's logger (a child per request already) gets the user's ids: its bindings grow
  // in place, cheaper than a child of the child.
  app.addHook('onRequest', async (request) => {
    if (!request.user) return;
    const ids = {
      userId: request.user.userId,
      tenantId: request.user.tenantId,
      // Every call with an API token is logged with the token's name.
      ...(request.apiToken ? { apiTokenId: request.apiToken.tokenId, apiToken: request.apiToken.name } : {}),
    };
    const log = request.log as typeof request.log & { setBindings?: (bindings: object) => void };
    if (log.setBindings) log.setBindings(ids);
    else request.log = request.log.child(ids);
  });
  // The path without its query string (sign-in callbacks carry codes there), the route's
  // pattern, the status and the time: one line per request.
  app.addHook('onResponse', async (request, reply) => {
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    request.log[level](
      {
        method: request.method,
        url: request.routeOptions.config?.secretUrl ? request.routeOptions.url : request.url.split('?')[0],
        route: request.routeOptions.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });

  await app.register(healthRoutes);
  await app.register(legalRoutes);
  await app.register(accountRoutes);
  await app.register(workflowRoutes);
  await app.register(taskRoutes);
  await app.register(journalRoutes);
  await app.register(notificationRoutes);
  await app.register(liveRoutes);
  await app.register(deliveryRoutes);
  await app.register(calendarRoutes);
  await app.register(questionnaireRoutes);
  await app.register(projectListRoutes);
  await app.register(searchRoutes);
  await app.register(dashboardRoutes);
  await app.register(outlookRoutes);
  await app.register(helpRoutes);
  await app.register(manualRoutes);
  await app.register(orderRoutes);
  await app.register(profileRoutes);
  await app.register(projectsRoutes);
  await app.register(fileRoutes);
  await app.register(viewerRoutes);
  await app.register(accountLinkRoutes);
  await app.register(adminRoutes);
  await app.register(oidcRoutes);
  await app.register(oidcSettingsRoutes);
  await app.register(machineAccessRoutes);
  await app.register(userRoutes);
  await app.register(sessionRoutes);
  await app.register(webVitalsRoutes(metrics));
  if (config.demoIdp) await registerDemoIdp(app);
  if (config.e2eReset) await app.register(testingRoutes);

  // In production the API description needs a session unless PUBLISH_OPENAPI publishes it.
  app.get('/api/openapi.json', { config: { public: config.publishOpenApi }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  await registerApiReference(app, config.publishOpenApi);
  registerWebManifest(app);

  // First screens are rendered where a built client is served (not in the API tests).
  const firstScreen =
    config.firstScreen && fs.existsSync(path.join(config.clientDir, 'index.html'))
      ? startFirstScreenRenderer(
          {
            i18nDir: path.join(config.clientDir, 'assets', 'i18n'),
            productKey: config.productKey,
            ...config.firstScreen,
          },
          app.log,
        )
      : undefined;
  if (firstScreen) app.addHook('onClose', async () => firstScreen.close());
  await registerStaticClient(app, config.clientDir, pageDataOf(app.ctx), firstScreen);
  return app;
}
