import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  signRequest,
  type SignatureFunction,
  type SignedRequest,
  type SignedRequestInput,
  type SignerConfig,
} from '@yaoshi/envelope/sign';
import { buildApp, type BuildAppOptions } from '../app';
import { movableClock, type MovableClock } from '../clock';
import { configFromEnv, type Config } from '../config';
import { parseBeijingTime } from '@yaoshi/contracts/beijing-time';
import { rowsOf, type Database, type DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { articles } from '../content/content-schema';
import { seedMissing } from '../seed/seed';
import { installWriteProbe, PROBE_TABLE, probeMark, unauditedWritesSince } from '../audit/unaudited-writes';
import { NOTIFY_PATH_PREFIX } from '../payment/notify-routes';
import type { PaymentProvider } from '../payment/payment-provider';
import { createInProcessQueue } from '../jobs/in-process-queue';
import type { JobQueue } from '../jobs/job-queue';

/**
 * A real server on a free loopback port over a private database (PGlite clone, or a
 * throw-away PostgreSQL database when DATABASE_URL is set), seeded, with a clock the
 * test moves. Requests are signed by the shared envelope package, as the browser does.
 */
export const TEST_SIGNER: SignerConfig = { appId: 'yaoshi-web', secret: 'test-secret-not-the-default' };

/** A fixed "now", so seeded publication times and expiry windows are reproducible. */
export const TEST_START = parseBeijingTime('2025-06-16 10:00:00');

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when it was not JSON. */
  body: unknown;
}

export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  db: Database;
  clock: MovableClock;
  config: Config;
  /** The server's job queue (the in-process one unless the test gave its own). */
  jobs: JobQueue;
  /**
   * Waits until no job of any of `names` is waiting or running, name after name (so work a
   * job of the first enqueues on the next is waited for); fails after `timeoutMs`. How a test
   * sees what a request handed to the queue (the mail-send job after an invoice is issued)
   * finished, without racing it.
   */
  jobsIdle(names: readonly string[], timeoutMs?: number): Promise<void>;
  /** Signs `input` with the server's clock (or `timestamp`) and sends it. */
  call(
    input: Omit<SignedRequestInput, 'timestamp'> & { timestamp?: number; signer?: SignerConfig },
  ): Promise<ApiResponse>;
  /** `signature`: the HMAC to sign with (default the browser's; node:crypto's for bulk junk, src/junk/junk-suite.ts). */
  sign(
    input: Omit<SignedRequestInput, 'timestamp'> & {
      timestamp?: number;
      signer?: SignerConfig;
      signature?: SignatureFunction;
    },
  ): SignedRequest;
  /** Sends a request as given, for tests that take the envelope apart. */
  send(url: string, init?: RequestInit): Promise<ApiResponse>;
  close(): Promise<void>;
}

export interface TestServerOptions extends Partial<
  Pick<
    BuildAppOptions,
    | 'routeModules'
    | 'authenticator'
    | 'smsProvider'
    | 'paymentProvider'
    | 'invoiceProvider'
    | 'invoicePollSeconds'
    | 'logger'
    | 'passwordHasher'
    | 'storage'
    | 'jobs'
  >
> {
  seed?: boolean;
  /** A payment provider built on the server's own database and clock (e.g. a sandbox that loses notifications). */
  paymentProviderFactory?: (deps: { db: Database; clock: MovableClock }) => PaymentProvider;
  /** On top of the test configuration, e.g. a temporary `mediaDir` or `nodeEnv: 'production'`. */
  config?: Partial<Config>;
  /** An open database to serve instead of a private one (left open on close), e.g. a second server on one PostgreSQL. */
  database?: DatabaseHandle;
  /** Default: a movable clock at TEST_START. */
  clock?: MovableClock;
  /** Routes registered on the app before it listens, as deploy/src/serve.ts adds the release registry's. */
  register?: (app: FastifyInstance, deps: { db: Database; clock: MovableClock; config: Config }) => Promise<void>;
}

/**
 * The calls whose every change must be in the audit trail: staff (the console), release
 * managers (`npm run release`), and gateways (their callbacks). A learner's own actions are
 * theirs (orders, study, profile) and are not audited. Every test server checks each such
 * call: a change it makes without an audit record in its transaction fails the call.
 */
export function mustAudit(method: string, url: string): boolean {
  const path = url.split('?')[0] ?? url;
  // A console read that writes (a listing that settles expired orders) is checked as well.
  if (path.startsWith('/v1/admin/')) return true;
  return method.toUpperCase() !== 'GET' && (path.startsWith('/v1/releases/') || path.startsWith(NOTIFY_PATH_PREFIX));
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const clock = options.clock ?? movableClock(TEST_START);
  const shared = options.database;
  const database: DatabaseHandle =
    shared ??
    (await openTestDatabase(options.seed === false ? undefined : (db) => seedMissing(db, clock).then(() => undefined)));
  const {
    config: configOverrides,
    seed: _seed,
    paymentProviderFactory,
    database: _database,
    clock: _clock,
    register,
    ...appOptions
  } = options;
  const config: Config = {
    ...configFromEnv({}),
    signAppId: TEST_SIGNER.appId,
    signSecret: TEST_SIGNER.secret,
    nodeEnv: 'test',
    ...configOverrides,
  };
  await installWriteProbe(database.db);
  // The queue the app would make itself, kept so the test can wait for it.
  let jobs: JobQueue | undefined = typeof appOptions.jobs === 'object' ? appOptions.jobs : undefined;
  const given = appOptions.jobs;
  appOptions.jobs = (log) => {
    jobs =
      typeof given === 'function'
        ? given(log)
        : (given ??
          createInProcessQueue({
            onError: (name, error) => log.error({ err: error, job: name }, 'background job failed'),
          }));
    return jobs;
  };
  const paymentProvider = paymentProviderFactory?.({ db: database.db, clock });
  const app = buildApp({
    db: database.db,
    clock,
    config,
    ...(paymentProvider ? { paymentProvider } : {}),
    ...(database.poolStats ? { poolStats: database.poolStats } : {}),
    ...appOptions,
  });
  try {
    await register?.(app, { db: database.db, clock, config });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    if (!shared) await database.close();
    throw error;
  }
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const send = async (url: string, init?: RequestInit): Promise<ApiResponse> => {
    const audited = mustAudit(init?.method ?? 'GET', url);
    const mark = audited ? await probeMark(database.db) : 0;
    const response = await fetch(baseUrl + url, init);
    if (audited) {
      const unaudited = await unauditedWritesSince(database.db, mark);
      if (unaudited.length > 0)
        throw new Error(
          `${init?.method ?? 'GET'} ${url.split('?')[0]} changed ${unaudited.map((write) => write.tables.join(', ')).join('; ')} without an audit record in the same transaction`,
        );
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: keep the text, the assertion will show it.
    }
    return { status: response.status, headers: response.headers, body };
  };
  const sign: TestServer['sign'] = ({ signer, timestamp, signature, ...input }) =>
    signRequest(signer ?? TEST_SIGNER, { ...input, timestamp: timestamp ?? clock.nowMs() }, signature);

  const queue = jobs;
  if (!queue) throw new Error('the app made no job queue');
  return {
    baseUrl,
    app,
    db: database.db,
    clock,
    config,
    jobs: queue,
    async jobsIdle(names, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (const name of names) {
        while ((await queue.unfinished(name)).length > 0) {
          if (Date.now() > until) throw new Error(`jobs of ${name} still unfinished after ${timeoutMs} ms`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    },
    sign,
    send,
    call(input) {
      const request = sign(input);
      return send(request.url, { method: request.method, headers: request.headers, body: request.body ?? null });
    },
    async close() {
      await app.close();
      if (!shared) await database.close();
    },
  };
}

/** Row counts of every table and the total of article hits: "did anything change?" */
export async function databaseFingerprint(db: Database): Promise<Record<string, number>> {
  const fingerprint: Record<string, number> = {};
  // Every table the migrations made, read from the catalogue, so a new table is counted too.
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> ${PROBE_TABLE} order by table_name`,
  );
  for (const { name } of tables) {
    const [counted] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(name)}`);
    fingerprint[name] = Number(counted?.n ?? 0);
  }
  const [hits] = await db.select({ n: sql<number>`coalesce(sum(${articles.hits}), 0)::int` }).from(articles);
  fingerprint['articles.hits'] = Number(hits?.n ?? 0);
  return fingerprint;
}
