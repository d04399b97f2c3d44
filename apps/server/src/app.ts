// Builds the Fastify app without listening, so tests can inject requests and server.ts can listen.
import cookie from '@fastify/cookie';
import { API_PREFIX, DCSA_JIT_PREFIX } from '@quayline/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type AppConfig, DEFAULT_TRUST_PROXY } from './config';
import { type Database, openDatabase } from './db/database';
import { registerStatisticsRefresh } from './db/statistics';
import { migrateToLatest } from './db/migrate';
import { seedDemoIfEmpty } from './demo/seed-demo';
import { type Clock, systemClock } from './lib/clock';
import { type TLogSettings, echoRequestId, lazyChildLogger, loggerOptions, requestIdOf } from './lib/logger';
import { createMailer } from './lib/mailer';
import { authRoutes } from './modules/auth/auth.routes';
import { berthPlanRoutes } from './modules/berth-plan/berth-plan.routes';
import { plannerPortcallRoutes } from './modules/berth-plan/planner-portcalls.routes';
import { blockedZoneRoutes } from './modules/blocked-zones/blocked-zone.routes';
import { delayReasonRoutes } from './modules/delay-reasons/delay-reason.routes';
import { healthRoutes } from './modules/health/health.routes';
import { organisationRoutes } from './modules/organisations/organisation.routes';
import { portRoutes } from './modules/ports/port.routes';
import type { TRealtimeOptions } from './modules/realtime/realtime-hub';
import { realtimeRoutes } from './modules/realtime/realtime.routes';
import { terminalRoutes } from './modules/terminals/terminal.routes';
import { tideRoutes } from './modules/tides/tide.routes';
import { translationRoutes } from './modules/translations/translations.routes';
import { userRoutes } from './modules/users/user.routes';
import { vesselRoutes } from './modules/vessels/vessel.routes';
import { dcsaRoutes } from './modules/dcsa/dcsa.routes';
import { jitRoutes } from './modules/dcsa/jit.routes';
import { counterpartyRoutes } from './modules/dcsa/counterparty.routes';
import { draftRoutes } from './modules/drafts/draft.routes';
import { downloadRoutes } from './modules/downloads/download.routes';
import { notificationRoutes } from './modules/notifications/notification.routes';
import { portcallMessageRoutes } from './modules/portcall-messages/portcall-message.routes';
import { portcallRoutes } from './modules/portcalls/portcall.routes';
import { taskRoutes } from './modules/tasks/task.routes';
import { digestRoutes } from './modules/digest/digest.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { kpiRoutes } from './modules/kpis/kpi.routes';
import { reportRoutes } from './modules/reports/report.routes';
import { voyageRoutes } from './modules/voyages/voyage.routes';
import { scheduleRoutes } from './modules/schedules/schedule.routes';
import { shiftPlannerRoutes } from './modules/shift-planner/shift-planner.routes';
import { aisRoutes } from './modules/ais/ais.routes';
import { aisRouteRoutes } from './modules/ais/route.routes';
import { mapGeometryRoutes } from './modules/ais/map-geometry.routes';
import { aisDetectionRoutes } from './modules/ais/detection.routes';
import { predictionRoutes } from './modules/predictions/prediction.routes';
import { priseRoutes } from './modules/prise/prise.routes';
import { startDemoPortAuthority } from './modules/prise/demo-port-authority';
import { startDemoScheduleProvider } from './modules/schedules/demo-schedule-provider';
import { zodResponseSerializer } from './plugins/response-serializer';
import { registerSecurityHeaders } from './plugins/security-headers';
import { type TJobRunnerOptions, registerJobs } from './jobs/register-jobs';
import { registerAisIngest } from './modules/ais/ingest/register-ais-ingest';
import { buildDemoAisRecording } from './demo/demo-ais-recording';
import { startDemoJitCarrier } from './demo/demo-jit-carrier';
import { registerAuth } from './plugins/auth';
import { registerRouteAccess } from './plugins/route-access';
import { registerOriginCheck } from './plugins/origin-check';
import { buildAllowedOrigins } from './lib/origins';
import { registerJsonCompression } from './plugins/compress-json';
import { registerApiRateLimit, registerRateLimits } from './plugins/rate-limit';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './plugins/errors';
import { registerMetrics } from './plugins/metrics';
import { DEFAULT_RESPONSE_CACHE, createResponseCaches } from './lib/response-cache';
import { registerOpenApi } from './plugins/openapi';
import { registerRealtime } from './plugins/realtime';
import { registerWebStatic } from './plugins/web-static';
import './app-context';

export type BuildAppOptions = {
  config: AppConfig;
  clock?: Clock;
  /** Pass an already-open database (tests); otherwise the one in config is opened and closed with the app. */
  database?: Database;
  /** Off unless given; tests may hand in a destination for the JSON lines (lib/logger.ts). */
  logger?: boolean | TLogSettings;
  /** Timings of the realtime hub (tests shorten them). */
  realtime?: Partial<TRealtimeOptions>;
  /** Timings and adapters of the job runner (tests shorten them); it runs only when config.runJobs is on. */
  jobs?: Partial<TJobRunnerOptions>;
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  // PRISE: the demo gets its own local port authority (docs/prise.md); otherwise the config stays as given.
  const demoPortAuthority = await startDemoPortAuthority(options.config);
  const { config } = demoPortAuthority;
  const app = Fastify({
    // Redacted, request-id tagged lines (lib/logger.ts); the id comes from X-Request-Id when that is safe.
    logger: loggerOptions(options.logger),
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    // The client IP for rate limits and logs: X-Forwarded-For only from private-network peers (TRUST_PROXY, docs/security.md).
    trustProxy: config.trustProxy ?? DEFAULT_TRUST_PROXY,
    ajv: undefined,
    // A malformed URL or an over-long path parameter answers in the envelope too (plugins/errors.ts).
    frameworkErrors: frameworkErrorHandler,
    // So does a URL or header set too large for Node's parser (431), answered before Fastify sees a request.
    clientErrorHandler,
  });
  // Request loggers build their pino child on the first line written (lib/logger.ts).
  if (options.logger) app.setChildLoggerFactory(lazyChildLogger);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(zodResponseSerializer);

  app.addHook('onClose', demoPortAuthority.close);
  const database = options.database ?? (await openDatabase(config.database));
  if (!options.database) app.addHook('onClose', async () => database.close());
  await migrateToLatest(database.db as never);
  if (config.seedDemo) await seedDemoIfEmpty(database.db);
  // The demo's schedule provider (OVS 3) on 127.0.0.1, configured as each demo terminal's gnet provider (docs/schedules.md).
  const demoSchedules = await startDemoScheduleProvider(database.db, config);
  app.addHook('onClose', demoSchedules.close);
  // Tests hand in their own database and keep its statistics as they are.
  if (!options.database) registerStatisticsRefresh(app, database);

  app.decorate('ctx', {
    db: database.db,
    dbKind: database.kind,
    clock: options.clock ?? systemClock,
    mailer: createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
    log: app.log,
    config,
  });
  app.decorate('responseCaches', createResponseCaches(config.responseCache === undefined ? DEFAULT_RESPONSE_CACHE : config.responseCache));

  registerErrorHandling(app);
  echoRequestId(app);
  await registerMetrics(app, database);
  registerSecurityHeaders(app, { secureCookies: config.secureCookies, mapTileUrl: config.mapTileUrl });
  await app.register(cookie);
  registerAuth(app);
  registerRouteAccess(app);
  // After the other onSend hooks, so they see the JSON as written.
  registerJsonCompression(app);
  await registerRateLimits(app);
  await registerRealtime(app, database, options.realtime);
  // After the WebSocket plugin, whose own hook marks an upgrade so that a refused handshake's socket is closed.
  registerOriginCheck(app, buildAllowedOrigins([config.publicUrl, ...(config.allowedOrigins ?? [])]));
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      registerApiRateLimit(api);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(translationRoutes);
      await api.register(terminalRoutes);
      await api.register(blockedZoneRoutes);
      await api.register(delayReasonRoutes);
      await api.register(vesselRoutes);
      await api.register(organisationRoutes);
      await api.register(portRoutes);
      await api.register(realtimeRoutes);
      await api.register(portcallRoutes);
      await api.register(shiftPlannerRoutes);
      await api.register(taskRoutes);
      await api.register(digestRoutes);
      await api.register(dashboardRoutes);
      await api.register(kpiRoutes);
      await api.register(downloadRoutes);
      await api.register(reportRoutes);
      await api.register(dcsaRoutes);
      await api.register(counterpartyRoutes);
      await api.register(notificationRoutes);
      await api.register(portcallMessageRoutes);
      await api.register(berthPlanRoutes);
      await api.register(plannerPortcallRoutes);
      await api.register(draftRoutes);
      await api.register(tideRoutes);
      await api.register(voyageRoutes);
      await api.register(scheduleRoutes);
      await api.register(aisRoutes);
      await api.register(aisRouteRoutes);
      await api.register(mapGeometryRoutes);
      await api.register(aisDetectionRoutes);
      await api.register(predictionRoutes);
      await api.register(priseRoutes);
    },
    { prefix: API_PREFIX },
  );
  // DCSA JIT 2.0 lives at the standard's paths, outside the portal API, with the standard's error answers.
  await app.register(
    async (jit) => {
      registerApiRateLimit(jit);
      await jit.register(jitRoutes);
    },
    { prefix: DCSA_JIT_PREFIX },
  );

  await registerWebStatic(app, config.webDist);
  await registerJobs(app, options.jobs);
  await registerAisIngest(app, { demoRecording: () => buildDemoAisRecording(database.db, app.ctx.clock.now()) });
  // The demo's Nordic Line JIT system (docs/dcsa-jit.md); it opens its calls once the server listens (server.ts).
  const demoJitCarrier = await startDemoJitCarrier(app);
  if (demoJitCarrier) app.addHook('onClose', demoJitCarrier.close);
  app.decorate('demoJitCarrier', demoJitCarrier);
  return app;
}
