import { courseAdminRoutes } from './course-admin/course-admin-routes';
import { lessonUploads, registerLessonUploadRoutes } from './course-admin/lesson-uploads';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, PoolStats } from './db/database';
import { createMetrics, registerMetrics } from './metrics/metrics';
import { MESSAGES } from './messages';
import { registerSecurityHeaders } from './security/security-headers';
import { REQUEST_ID_HEADER, fastifyLogging, type LogSettings } from './logging/logger';
import { isStagingSandbox, usesSmsOutbox } from './config';
import { stagingBannerText } from '@yaoshi/contracts/staging';
import type { Authenticator } from './auth/authenticator';
import { accountRoutes } from './accounts/account-routes';
import { sessionGate } from './accounts/sessions';
import { createPasswordHasher, type PasswordHasher } from './accounts/passwords';
import { createNonceGuard } from './envelope/nonce-store';
import { composedGate } from './envelope/request-gate';
import { contentRoutes } from './content/content-routes';
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
import {
  PAYMENT_SYSTEM_ACTOR,
  orderPaymentsOf,
  reconcilePendingAttempts,
  settleExpiredOrders,
} from './payment/payments';
import { reconcileYesterdayOnce } from './payment/bill-reconciliation';
import { refundRoutes } from './refunds/refund-routes';
import { invoiceRoutes } from './invoices/invoice-routes';
import { registerSandboxGatewayPages } from './payment/sandbox-gateway-pages';
import { paymentProviderFromConfig } from './payment/provider-from-config';
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
import { purgeLessonCheckPhotos } from './face-review/face-check-retention';
import { ordersWithLearningBegun } from './study/learning-begun';
import { registerHealthRoutes } from './health/health-routes';
import { envelopeClientErrorHandler, recordRouteTable } from './envelope/route-table';

/** Every feature's /v1 routes, in the order they were built. */
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
  /**
   * The payment gateway; default: the one `config.paymentProvider` names (the sandbox
   * gateway served by this API, signing with `config.paymentSandboxKey`). A sandbox
   * provider's pages are served whichever way it came.
   */
  paymentProvider?: PaymentProvider;
  /**
   * How often a running server closes unpaid orders past their deadline (they are also
   * closed whenever read or paid); default never (tests move the clock themselves).
   */
  expiredOrderSweepMs?: number;
  /**
   * How often a running server checks that yesterday's gateway bills were reconciled (and
   * reconciles them once if not); default never (tests run it themselves).
   */
  billReconciliationMs?: number;
  /** How often lesson face-check photos past FACE_CHECK_RETENTION_DAYS are deleted (and once at start); unset: never (tests). */
  faceCheckPurgeMs?: number;
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
  const metrics = createMetrics(options.db, options.poolStats);
  registerMetrics(app, metrics, options.config);
  const onPruneError = (error: unknown) => app.log.warn({ err: error }, 'could not prune nonces');
  const paymentProvider =
    options.paymentProvider ?? paymentProviderFromConfig(options.db, options.clock, options.config, app.log);
  const paymentContext = { db: options.db, clock: options.clock, provider: paymentProvider, log: app.log };
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
    },
    options.routeModules ?? ROUTE_MODULES,
  );
  registerMediaRoutes(app, storage, urls);
  registerLessonUploadRoutes(app, {
    uploads: lessonUploads(options.config, storage),
    staffAuthenticator: staffSessionAuthenticator(options.db, options.clock),
  });
  registerHealthRoutes(app, options.db);
  registerNotifyRoutes(app, paymentContext);
  if (options.expiredOrderSweepMs) {
    const every = options.expiredOrderSweepMs;
    let timer: ReturnType<typeof setInterval> | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        settleExpiredOrders(paymentContext)
          .then(() => reconcilePendingAttempts(paymentContext))
          .catch((error: unknown) => app.log.warn({ err: error }, 'could not close expired orders'));
      }, every);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
  if (options.billReconciliationMs) {
    const every = options.billReconciliationMs;
    const reconcile = () =>
      reconcileYesterdayOnce(paymentContext, PAYMENT_SYSTEM_ACTOR).catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not reconcile yesterday’s payment bills'),
      );
    let timer: ReturnType<typeof setInterval> | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => void reconcile(), every);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
  if (options.faceCheckPurgeMs) {
    const every = options.faceCheckPurgeMs;
    const purge = () =>
      purgeLessonCheckPhotos(options.db, options.clock, storage, options.config.faceCheckRetentionDays)
        .then((deleted) => {
          if (deleted > 0)
            app.log.info(
              { deleted, days: options.config.faceCheckRetentionDays },
              'lesson face-check photos past retention deleted',
            );
        })
        .catch((error: unknown) =>
          app.log.warn({ err: error }, 'could not delete lesson face-check photos past retention'),
        );
    let timer: ReturnType<typeof setInterval> | undefined;
    app.addHook('onReady', async () => {
      void purge();
      timer = setInterval(() => void purge(), every);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
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
  return app;
}

function isSandboxProvider(provider: PaymentProvider): provider is SandboxProvider {
  return 'payerChooses' in provider && 'findByToken' in provider;
}
