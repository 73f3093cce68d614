import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database';
import type { PipelineDeps, RouteModule as SignedRouteModule } from './envelope/signed-routes';
import type { MediaUrls } from './media/private-media';
import type { OrderLearning } from './orders/order-learning';
import type { OrderPayments } from './orders/order-payments';
import type { PaymentProvider } from './payment/payment-provider';
import type { SmsProvider } from './sms/sms-provider';
import type { PasswordHasher } from './accounts/passwords';
import type { AppMetrics } from './metrics/metrics';
import type { JobQueue } from './jobs/job-queue';
import type { Storage } from './storage/storage';
import type { InvoiceIssuing } from './invoices/invoice-issuing';

/**
 * What every feature's routes receive: the app's parts, wired once in `app.ts`. A feature
 * reaches another feature's service through here when importing it would run an arrow
 * backwards (orders asks payment to settle and close attempts through `orderPayments`).
 */
export interface AppDeps extends PipelineDeps {
  db: Database;
  smsProvider: SmsProvider;
  /** URLs of media files; private ones (face photos) signed for a few hours. */
  mediaUrls: MediaUrls;
  /** Every file the server keeps: the local folder or the S3 bucket (src/storage/). */
  storage: Storage;
  paymentProvider: PaymentProvider;
  orderPayments: OrderPayments;
  orderLearning: OrderLearning;
  /** argon2 through a bounded pool (logins, password changes). */
  passwords: PasswordHasher;
  log: FastifyInstance['log'];
  /** Counters an operator reads at /metrics. */
  metrics: AppMetrics;
  /** Where the release registry's versions live (SITE_DIR when deploy/ serves the site; none in tests). */
  releaseSite: { siteDir: string | undefined };
  /**
   * The background job queue (issue 21): `enqueue` work, and `work` a queue's jobs with a
   * retry policy (src/jobs/job-queue.ts). Registering before the app is ready is fine.
   */
  jobs: JobQueue;
  /** The e-invoice provider `INVOICE_PROVIDER` names, with what issuing through it needs (issue 37). */
  invoicing: InvoiceIssuing;
}

/** A feature's /v1 routes. */
export type RouteModule = SignedRouteModule<AppDeps>;
