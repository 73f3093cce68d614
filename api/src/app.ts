import { courseAdminRoutes } from './course-admin/course-admin-routes';
import { lessonUploads, registerLessonUploadRoutes } from './course-admin/lesson-uploads';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, PoolStats } from './db/database';
import { createMetrics, registerMetrics } from './metrics/metrics';
import { MESSAGES } from './messages';
import { registerSecurityHeaders } from './security/security-headers';
import { REQUEST_ID_HEADER, fastifyLogging, type LogSettings } from './logging/logger';
import { isStagingSandbox, usesMailOutbox, usesSmsOutbox } from './config';
import { stagingBannerText } from '@yaoshi/contracts/staging';
import type { Authenticator } from './auth/authenticator';
import { accountRoutes } from './accounts/account-routes';
import { sessionGate } from './accounts/sessions';
import { createPasswordHasher, type PasswordHasher } from './accounts/passwords';
import { createNonceGuard } from './envelope/nonce-store';
import { composedGate } from './envelope/request-gate';
import { contentRoutes } from './content/content-routes';
import { registerArticleViewRoute } from './content/article-view-route';
import type { RouteModule } from './app-deps';
import { registerSignedRoutes, sendEnvelope } from './envelope/signed-routes';
import { examRoutes } from './exams/exam-routes';
import { facePhotoRoutes } from './face-photos/face-photo-routes';
import { orderRoutes } from './orders/order-routes';
import { registerMediaRoutes } from './media/media-routes';
import { mediaUrls, signedMediaUrl } from './media/private-media';
import type { Storage } from './storage/storage';
import { storageFromConfig } from './storage/storage-from-config';
import { registerDevOutboxRoutes } from './sms/dev-outbox-routes';
import type { SmsProvider } from './sms/sms-provider';
import { smsProviderFromConfig } from './sms/sms-provider-from-config';
import { studentPageRoutes } from './student-pages/student-page-routes';
import { enrolmentRoutes } from './enrolment/enrolment-routes';
import { orderRoutes as payOrderRoutes } from './payment/order-routes';
import { registerNotifyRoutes } from './payment/notify-routes';
import { allGateways, type PaymentProvider } from './payment/payment-provider';
import { orderPaymentsOf } from './payment/order-settlement';
import { refundRoutes } from './refunds/refund-routes';
import { invoiceRoutes } from './invoices/invoice-routes';
import { registerSandboxGatewayPages } from './payment/sandbox-gateway-pages';
import { paymentProviderFromConfig } from './payment/provider-from-config';
import { invoiceProviderFromConfig } from './invoices/invoice-provider-from-config';
import type { InvoiceProvider } from './invoices/invoice-provider';
import type { SandboxProvider } from './payment/sandbox-provider';
import { studyRoutes } from './study/study-routes';
import { staffRoutes } from './staff/staff-routes';
import { staffSessionAuthenticator } from './staff/staff-sessions';
import { auditRoutes } from './audit/audit-routes';
import { learnerAdminRoutes } from './learner-admin/learner-admin-routes';
import { certificateRoutes } from './certificates/certificate-routes';
import { archiveReviewRoutes } from './archive-reviews/archive-review-routes';
import { associationProfileRoutes } from './association-profile/association-profile-routes';
import { contentAdminRoutes } from './content-admin/content-admin-routes';
import { questionBankRoutes } from './question-banks/question-bank-routes';
import { faceReviewRoutes } from './face-review/face-review-routes';
import { reportRoutes } from './reports/reports-routes';
import { financeRoutes } from './finance/finance-routes';
import { releaseAdminRoutes } from './releases/release-admin-routes';
import { personalDataRoutes } from './personal-data/personal-data-routes';
import { createInProcessQueue } from './jobs/in-process-queue';
import type { JobQueue } from './jobs/job-queue';
import { registerQueueMetrics } from './jobs/job-metrics';
import { startTimedJobs } from './timed-work/timed-jobs';
import { transcodeRoutes } from './video-transcode/transcode-routes';
import { offerTranscodesAtStart } from './video-transcode/lesson-transcodes';
import { ordersWithLearningBegun } from './study/learning-begun';
import { registerHealthRoutes } from './health/health-routes';
import { envelopeClientErrorHandler, recordRouteTable } from './envelope/route-table';
import { mailRoutes, registerDevMailOutboxRoutes } from './mail/mail-routes';
import { registerUnsubscribeRoute, reminderRoutes } from './reminders/reminder-routes';
import { staffDigestRoutes } from './staff-digest/staff-digest-routes';
import { mailTransportFromConfig, type MailTransport } from './mail/mail-transport';

/** Every feature's /v1 routes, in the order they were built. */

declare module 'fastify' {
  interface FastifyInstance {
    /** Stops this server working background jobs; running ones are aborted (JobQueue.stopWorking). */
    stopJobs?: () => Promise<void>;
  }
}

export const ROUTE_MODULES: readonly RouteModule[] = [
  contentRoutes,
  accountRoutes,
  studentPageRoutes,
  facePhotoRoutes,
  enrolmentRoutes,
  payOrderRoutes,
  orderRoutes,
  refundRoutes,
  invoiceRoutes,
  mailRoutes,
  reminderRoutes,
  staffDigestRoutes,
  examRoutes,
  studyRoutes,
  staffRoutes,
  auditRoutes,
  learnerAdminRoutes,
  faceReviewRoutes,
  financeRoutes,
  releaseAdminRoutes,
  reportRoutes,
  certificateRoutes,
  archiveReviewRoutes,
  associationProfileRoutes,
  contentAdminRoutes,
  questionBankRoutes,
  courseAdminRoutes,
  transcodeRoutes,
  personalDataRoutes,
];

export interface BuildAppOptions {
  db: Database;
  clock: Clock;
  config: Config;
  /** Level (and, in tests, destination) of the JSON log; default off (tests). Redaction is not optional. */
  logger?: LogSettings | false;
  /**
   * Bearer-token check for `auth: true` contracts; default: the sessions table, looked up
   * in the same statement that records the nonce (`sessionGate`).
   */
  authenticator?: Authenticator;
  /**
   * Where SMS codes go; default: the provider `config.smsProvider` names (Aliyun, Tencent,
   * or the development outbox where it is allowed; otherwise nothing is sent and the learner is told).
   */
  smsProvider?: SmsProvider;
  /** Where mail goes; default: `SMTP_URL` through nodemailer, or the development outbox where it is allowed. */
  mailTransport?: MailTransport;
  /**
   * The payment gateway; default: the one `config.paymentProvider` names (the sandbox
   * gateway served by this API, signing with `config.paymentSandboxKey`). A sandbox
   * provider's pages are served whichever way it came.
   */
  paymentProvider?: PaymentProvider;
  /** The e-invoice provider; default the one `config.invoiceProvider` names. `invoicePollSeconds`: tests ask sooner. */
  invoiceProvider?: InvoiceProvider;
  invoicePollSeconds?: number;
  /**
   * The background job queue (issue 21): server.ts passes the one the configuration names
   * (pg-boss on PostgreSQL, in-process on PGlite); default an in-process queue. Started when
   * the app is ready; stopped, letting running jobs finish, before it closes.
   */
  jobs?: JobQueue | ((log: FastifyBaseLogger) => JobQueue);
  /**
   * Whether this server offers the timed jobs' schedules (order expiry, reconciliation,
   * retention: src/timed-work/timed-jobs.ts); server.ts: yes. Default no: tests move the
   * clock and call the services themselves.
   */
  scheduleTimedJobs?: boolean;
  /**
   * Whether this server, once ready, transcodes every lesson video that has no transcode yet
   * (the demo videos on first start) and, on the in-process queue, re-enqueues the transcodes
   * its last run left unfinished (src/video-transcode/lesson-transcodes.ts); server.ts: yes.
   * Default no: tests enqueue what they test.
   */
  transcodeAtStart?: boolean;
  /** PostgreSQL pool use for /metrics (server.ts passes the handle's); none on PGlite. */
  poolStats?: () => PoolStats;
  /** Default: a pool sized by `config.passwordHashConcurrency` and `config.passwordHashQueue`. */
  passwordHasher?: PasswordHasher;
  /** Default ROUTE_MODULES; tests add modules of their own to exercise the pipeline. */
  routeModules?: readonly RouteModule[];
  /**
   * The site folder the release registry publishes into and whose shell-manifest.json a
   * move is checked against (deploy/ passes SITE_DIR); default none (tests: no site, no check).
   */
  releaseSiteDir?: string;
  /** Default: from the configuration (S3_* or MEDIA_DIR, src/storage/storage-from-config.ts). */
  storage?: Storage;
}

/**
 * The API as a Fastify instance, not listening. The caller may register more on it
 * (deploy/ adds the static site) before `listen`.
 */
export function buildApp(options: BuildAppOptions): FastifyInstance {
  const secret = options.config.mediaUrlSecret;
  const storage =
    options.storage ??
    storageFromConfig(options.config, options.clock, (key, seconds) =>
      signedMediaUrl(secret, key, Math.floor(options.clock.nowMs() / 1000) + Math.ceil(seconds)),
    );
  const urls = mediaUrls(secret, options.clock, storage);
  const app = Fastify({
    ...fastifyLogging(options.logger, options.config.trustProxy),
    trustProxy: options.config.trustProxy,
    // The body limit proper is per route (MAX_BODY_BYTES); this is the default for
    // anything registered later, e.g. by deploy/.
    bodyLimit: 1024 * 1024,
    // Shutting down loses no request: one that still arrives on an open connection is served
    // (with Connection: close); the database closes only after the last connection (shutdown.ts).
    return503OnClosing: false,
    // A malformed URL never reaches a route; answer it in the envelope too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      sendEnvelope(reply, status, MESSAGES.badRequest, null);
    },
    // What Node's HTTP parser refuses (oversized headers …) gets the envelope too.
    clientErrorHandler: envelopeClientErrorHandler,
  });
  recordRouteTable(app);
  // First of all hooks, so every answer carries it (refusals, static files, 404s).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  registerSecurityHeaders(app, options.config);
  const metrics = createMetrics(
    options.db,
    options.poolStats,
    options.config.backupDir
      ? { backupDir: options.config.backupDir, postgres: options.config.databaseUrl !== undefined }
      : undefined,
  );
  registerMetrics(app, metrics, options.config);
  const onPruneError = (error: unknown) => app.log.warn({ err: error }, 'could not prune nonces');
  const paymentProvider =
    options.paymentProvider ?? paymentProviderFromConfig(options.db, options.clock, options.config, app.log);
  const paymentContext = { db: options.db, clock: options.clock, provider: paymentProvider, log: app.log };
  const jobs =
    typeof options.jobs === 'function'
      ? options.jobs(app.log)
      : (options.jobs ??
        createInProcessQueue({
          onError: (name, error) => app.log.error({ err: error, job: name }, 'background job failed'),
        }));
  registerQueueMetrics(metrics.registry, jobs);
  const mail =
    options.mailTransport ??
    mailTransportFromConfig(
      { ...options.config, outboxAllowed: usesMailOutbox(options.config) },
      options.db,
      options.clock,
      app.log,
    );
  app.addHook('onClose', async () => mail.close());
  registerSignedRoutes(
    app,
    {
      paymentProvider,
      orderPayments: orderPaymentsOf(paymentContext),
      orderLearning: { ordersWithLearningBegun: (orderIds) => ordersWithLearningBegun(options.db, orderIds) },
      passwords:
        options.passwordHasher ??
        createPasswordHasher({
          concurrency: options.config.passwordHashConcurrency,
          maxQueue: options.config.passwordHashQueue,
        }),
      log: app.log,
      db: options.db,
      clock: options.clock,
      config: options.config,
      gate: options.authenticator
        ? composedGate(createNonceGuard(options.db, options.clock, onPruneError), options.authenticator)
        : sessionGate(options.db, options.clock, onPruneError),
      staffAuthenticator: staffSessionAuthenticator(options.db, options.clock),
      smsProvider: options.smsProvider ?? smsProviderFromConfig(options.config, options.db, options.clock, app.log),
      mediaUrls: urls,
      storage,
      metrics,
      releaseSite: { siteDir: options.releaseSiteDir },
      jobs,
      invoicing: {
        db: options.db,
        clock: options.clock,
        provider: options.invoiceProvider ?? invoiceProviderFromConfig(options.db, options.clock, options.config),
        storage,
        jobs,
        log: app.log,
        line: options.config.invoiceLine,
        pollSeconds: options.invoicePollSeconds ?? options.config.invoicePollSeconds,
      },
    },
    options.routeModules ?? ROUTE_MODULES,
  );
  registerMediaRoutes(app, storage, urls);
  registerLessonUploadRoutes(app, {
    uploads: lessonUploads(options.config, storage),
    staffAuthenticator: staffSessionAuthenticator(options.db, options.clock),
    db: options.db,
    clock: options.clock,
  });
  registerHealthRoutes(app, options.db);
  registerUnsubscribeRoute(app, options);
  registerArticleViewRoute(app, options);
  registerNotifyRoutes(app, paymentContext);
  startJobs(app, jobs, {
    db: options.db,
    clock: options.clock,
    config: options.config,
    payments: paymentContext,
    storage,
    mail,
    schedule: options.scheduleTimedJobs ?? false,
    transcodeAtStart: options.transcodeAtStart ?? false,
  });
  const sandbox = allGateways(paymentProvider).find(isSandboxProvider);
  if (sandbox)
    registerSandboxGatewayPages(
      app,
      sandbox,
      options.clock,
      isStagingSandbox(options.config) ? { stagingBanner: stagingBannerText(usesSmsOutbox(options.config)) } : {},
    );
  // Development, tests and a declared staging site only: what the outbox "sent".
  if (usesSmsOutbox(options.config)) registerDevOutboxRoutes(app, options.db);
  if (usesMailOutbox(options.config)) registerDevMailOutboxRoutes(app, options.db);
  return app;
}

/** The queue runs from ready to close; the timed jobs' handlers (and, on a running server, their schedules) on it. */
function startJobs(
  app: FastifyInstance,
  jobs: JobQueue,
  deps: Omit<Parameters<typeof startTimedJobs>[1], 'log'> & { schedule: boolean; transcodeAtStart: boolean },
): void {
  app.addHook('onReady', async () => {
    await jobs.start();
    await startTimedJobs(jobs, { ...deps, log: app.log }, { schedule: deps.schedule });
    // Only rows and queue entries here: the transcodes run in the background, start-up does not wait.
    if (deps.transcodeAtStart)
      await offerTranscodesAtStart(deps.db, deps.clock, jobs).then(
        (enqueued) => enqueued > 0 && app.log.info({ enqueued }, 'lesson videos queued for transcoding to HLS'),
        (error: unknown) => app.log.error({ err: error }, 'could not queue lesson videos for transcoding'),
      );
  });
  // Before the database closes (onClose): running jobs finish first.
  app.addHook('preClose', async () => {
    await jobs.stop();
  });
  // A graceful shutdown stops working jobs at the signal, beside the drain of requests (shutdown.ts).
  app.decorate('stopJobs', () => jobs.stopWorking());
}

function isSandboxProvider(provider: PaymentProvider): provider is SandboxProvider {
  return 'payerChooses' in provider && 'findByToken' in provider;
}
