import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { Background } from './lib/background';
import { ELSEWHERE, type Mailer, type MailWorker } from './modules/mail/mail-worker';
import { Admission } from './lib/admission';
import { RequestGauge } from './lib/request-gauge';
import type { ReadCache } from './lib/read-cache';
import { startReadCache } from './db/read-cache-sync';
import { createMailWorker } from './mail-delivery';
import type { App } from './lib/types';
import { createSandboxGateway } from './modules/payments/sandbox-gateway';
import { SessionState } from './lib/session-state';
import { adminRoutes } from './modules/admin/routes';
import { authRoutes } from './modules/auth/routes';
import { startSessionSync } from './modules/auth/session-sync';
import { startAvailabilityFeed } from './modules/bookings/availability-feed';
import { bookingsRoutes } from './modules/bookings/routes';
import { BookingJobs } from './modules/payments/jobs';
import { paymentsRoutes } from './modules/payments/routes';
import type { PaymentsDeps } from './modules/payments/service';
import { catalogRoutes } from './modules/catalog/routes';
import { discoveryRoutes } from './modules/discovery/routes';
import { eventDatesRoutes } from './modules/event-dates/routes';
import { eventsRoutes } from './modules/events/routes';
import { healthRoutes } from './modules/health/routes';
import { monitoringRoutes } from './modules/monitoring/routes';
import { Notifier } from './modules/notifications/notifier';
import { notificationsRoutes } from './modules/notifications/routes';
import { profileRoutes } from './modules/profile/routes';
import { ratingsRoutes } from './modules/ratings/routes';
import { socialRoutes } from './modules/social/routes';
import { promoCodesRoutes } from './modules/promo-codes/routes';
import { ticketCategoriesRoutes } from './modules/ticket-categories/routes';
import { ticketsRoutes } from './modules/tickets/routes';
import { ushersRoutes } from './modules/ushers/routes';
import { doorRoutes } from './modules/door/routes';
import { financeRoutes, PageViewCounter } from './modules/finance';
import { chartsRoutes } from './modules/charts/routes';
import { seatsRoutes } from './modules/seats/routes';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { i18nPlugin } from './plugins/i18n';
import { answerFrameworkError, notFoundPlugin } from './plugins/not-found';
import { httpCachePlugin } from './plugins/http-cache';
import { openapiPlugin } from './plugins/openapi';
import { realtimePlugin } from './plugins/realtime';
import { securityPlugin } from './plugins/security';
import { uploadsPlugin } from './plugins/uploads';
import { FirstAnswers, hasWebBuild, loadSpaShell, sendSpaIndex, webPlugin } from './plugins/web';
import { DEFAULT_WEB_DIST } from './paths';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
    background: Background;
    notifier: Notifier;
    paymentsDeps: PaymentsDeps;
    bookingJobs: BookingJobs;
    /** Views of public event pages, counted in memory and written every few seconds. */
    pageViews: PageViewCounter;
    /** Recently ended sessions and changed roles, for the auth guard and the sockets (0008). */
    sessions: SessionState;
    /** Public answers shared by every anonymous reader, kept until they change (0017). */
    readCache: ReadCache;
    /** New holds wait their turn, payments go first (0028). */
    checkoutTurns: Admission;
  }
}

/** Under endless load, an API process still sends a message at least this often (per lane). */
const YIELD_AT_MOST_MS = 1_000;

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Tests may pass their own (an SMTP sink on loopback is configured through SMTP_URL instead). */
  mailer?: MailWorker;
}

export async function buildApp({ config, database, logger, mailer }: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT,
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  database.onConnectionError = (error) => app.log.warn({ err: error }, 'database connection lost');
  // Mail is queued in the database by the change that causes it (decision 0009) and sent by a
  // worker: this process's, between requests (poked after each commit, polling for what other
  // processes queued), or only `npm run worker` processes when MAIL_WORKER=external (0013).
  const gauge = new RequestGauge();
  app.addHook('onRequest', async (request, reply) => {
    gauge.started();
    reply.raw.once('close', () => gauge.finished());
  });
  app.decorate(
    'mailer',
    mailer ??
      (config.MAIL_WORKER === 'embedded'
        ? createMailWorker(config, database.db, app.log, {
            concurrency: config.MAIL_CONCURRENCY,
            beforeEach: () => gauge.whenIdle(YIELD_AT_MOST_MS),
          })
        : ELSEWHERE),
  );
  app.addHook('onClose', async () => app.mailer.stop());
  app.mailer.start();

  const background = new Background(app.log);
  app.decorate('background', background);
  app.addHook('onClose', async () => background.stop());
  const sessions = new SessionState();
  app.decorate('sessions', sessions);
  const sessionSync = await startSessionSync({
    database,
    databaseUrl: config.DATABASE_URL,
    state: sessions,
    log: app.log,
  });
  app.addHook('onClose', () => sessionSync.close());
  const readCache = await startReadCache({
    database,
    databaseUrl: config.DATABASE_URL,
    enabled: config.READ_CACHE === 'on',
    maxEntries: config.READ_CACHE_ENTRIES,
    log: app.log,
  });
  app.decorate('readCache', readCache.cache);
  app.addHook('onClose', () => readCache.close());
  // Before the routes, so that every module can push; sockets share the API's port.
  await app.register(realtimePlugin, {
    jwtSecret: config.JWT_SECRET,
    corsOrigins: config.CORS_ORIGINS,
    databaseUrl: database.kind === 'postgres' ? config.DATABASE_URL : undefined,
    sessions,
  });
  const notifier = new Notifier({
    db: database.db,
    realtime: app.realtime,
    background,
    mailer: app.mailer,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
  });
  app.decorate('notifier', notifier);
  const pageViews = new PageViewCounter(database.db, app.log);
  app.decorate('pageViews', pageViews);
  app.addHook('onClose', () => pageViews.close());

  const paymentsDeps: PaymentsDeps = {
    db: database.db,
    gateway: createSandboxGateway(database.db),
    now: () => new Date(),
    // Their emails were queued in the transaction; the worker renders them, not the answer.
    onConfirmed: () => app.mailer.poke(),
    onRefunded: () => app.mailer.poke(),
    notify: (ids) => notifier.push(ids),
    seats: app.realtime.seatFeed,
  };
  const bookingJobs = new BookingJobs(paymentsDeps, background, app.log);
  app.decorate('paymentsDeps', paymentsDeps);
  app.decorate(
    'checkoutTurns',
    new Admission({ atOnce: config.HOLD_CONCURRENCY, maxWaitMs: config.HOLD_QUEUE_MS }),
  );
  app.decorate('bookingJobs', bookingJobs);
  if (config.HOLD_SWEEP_SECONDS > 0) {
    bookingJobs.start(config.HOLD_SWEEP_SECONDS * 1000);
    notifier.start(config.HOLD_SWEEP_SECONDS * 1000);
  }
  if (config.AVAILABILITY_FEED_MS > 0) {
    startAvailabilityFeed({
      db: database.db,
      rooms: app.realtime.availability,
      background,
      now: paymentsDeps.now,
      log: app.log,
      intervalMs: config.AVAILABILITY_FEED_MS,
    });
  }

  const webRoot = config.WEB_DIST ?? DEFAULT_WEB_DIST;
  const serveWeb = hasWebBuild(webRoot);
  const spaShell = serveWeb ? await loadSpaShell(webRoot, app.log) : null;
  app.decorate('firstAnswers', new FirstAnswers());

  // Order matters: language and errors first so every later failure renders translated.
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  await app.register(notFoundPlugin, {
    spaFallback: spaShell
      ? (request, reply) => {
          sendSpaIndex(app, request, reply, spaShell).catch((error: unknown) => reply.send(error));
          return true;
        }
      : undefined,
  });
  await app.register(securityPlugin, {
    corsOrigins: config.CORS_ORIGINS,
    rateLimits: config.RATE_LIMITS === 'on',
    rateLimitMax: config.RATE_LIMIT_MAX,
    rateLimitWindow: config.RATE_LIMIT_WINDOW,
    isHttpsOnly:
      config.PUBLIC_URL !== undefined && new URL(config.PUBLIC_URL).protocol === 'https:',
  });
  await app.register(authPlugin, { jwtSecret: config.JWT_SECRET, sessions });
  await app.register(cookie);
  await app.register(openapiPlugin);
  await app.register(httpCachePlugin);
  await app.register(uploadsPlugin, { dataDir: config.DATA_DIR });

  await app.register(healthRoutes);
  await app.register(catalogRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(monitoringRoutes);
  await app.register(discoveryRoutes);
  await app.register(socialRoutes);
  await app.register(eventsRoutes);
  await app.register(eventDatesRoutes);
  await app.register(ticketCategoriesRoutes);
  await app.register(promoCodesRoutes);
  await app.register(bookingsRoutes);
  await app.register(paymentsRoutes);
  await app.register(ticketsRoutes);
  await app.register(ushersRoutes);
  await app.register(doorRoutes);
  await app.register(financeRoutes);
  await app.register(chartsRoutes);
  await app.register(seatsRoutes);
  await app.register(ratingsRoutes);
  await app.register(notificationsRoutes);
  await app.register(adminRoutes);
  if (spaShell) await app.register(webPlugin, { root: webRoot, shell: spaShell });

  return app;
}
