import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import {
  DEFAULT_RETRY_POLICY,
  offerSchedule,
  type EnqueueOptions,
  type JobHandler,
  type JobQueue,
  type QueueCounts,
  type RetryPolicy,
} from './job-queue';

/**
 * The queue on a PostgreSQL server, through pg-boss 10 (the last major that runs on Node 20;
 * 11 and 12 require Node 22). Jobs are rows in the `pgboss` schema, fetched with
 * `FOR UPDATE SKIP LOCKED`, so each runs on one server; a handler that throws is retried with
 * the queue's delay and backoff; an attempt whose server died stays `active` until it expires,
 * then pg-boss's maintenance (one server at a time) marks it for retry.
 */
export const PG_BOSS_SCHEMA = 'pgboss';
/** pg-boss keeps its own small pool, apart from the request pool. */
const PG_BOSS_POOL_MAX = 3;
/** Idle workers look for new jobs this often. */
const DEFAULT_POLLING_SECONDS = 2;
/** Expired attempts are looked for this often (one server does it each time). */
const DEFAULT_MAINTENANCE_SECONDS = 60;
/**
 * Completed jobs stay in the job table this long before pg-boss archives them. A schedule's
 * singleton slot holds only while its job is in the table, so this must exceed the longest
 * schedule period (a day).
 */
const ARCHIVE_COMPLETED_AFTER_SECONDS = 2 * 24 * 60 * 60;

/** Tries at creating a queue that lost a race (deadlock or duplicate) with another server. */
const CREATE_QUEUE_ATTEMPTS = 5;
const DEADLOCK_DETECTED = '40P01';
const UNIQUE_VIOLATION = '23505';

function isRetryableRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === DEADLOCK_DETECTED || code === UNIQUE_VIOLATION;
}

export interface PgBossQueueOptions {
  connectionString: string;
  /** Failures of the queue itself and of jobs that exhausted their retries (the server logs them). */
  onError?: (name: string, error: unknown) => void;
  /** Tests shorten these; production keeps the defaults. */
  pollingIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
}

/** What pg-boss's `complete` and `fail` answer when nothing was changed. */
const NOTHING_RECORDED = { jobs: [], requested: 0, affected: 0 };
const GUARDED = Symbol.for('yaoshi.pg-boss.bookkeeping-guarded');

/**
 * pg-boss 10 records a finished job with `complete` or `fail` without awaiting either
 * (src/manager.js, the worker's `onFetch`; pg-boss issue #577). With the database unreachable
 * at that moment, their rejection is unhandled, and an unhandled rejection ends a Node process:
 * one database blip as a job finishes would take the whole API server down. Guarded here, on
 * pg-boss's own Manager class, once per process: the failure goes to pg-boss's `error` event
 * (the server logs it), and the job stays `active` until it expires, when pg-boss's maintenance
 * retries it, as after a crashed server. Only this module creates pg-boss instances, and it
 * never calls `complete` or `fail` itself.
 */
function guardJobBookkeeping(): void {
  const require = createRequire(import.meta.url);
  // The Manager class is not in pg-boss's types: only its two methods are touched.
  const manager = (require('pg-boss/src/manager.js') as { prototype: Record<string | symbol, unknown> }).prototype;
  if (manager[GUARDED]) return;
  for (const name of ['complete', 'fail'] as const) {
    const original = manager[name] as (this: EventEmitter, ...args: unknown[]) => Promise<unknown>;
    manager[name] = function guarded(this: EventEmitter, ...args: unknown[]): Promise<unknown> {
      return original.apply(this, args).catch((error: unknown) => {
        this.emit('error', error);
        return NOTHING_RECORDED;
      });
    };
  }
  manager[GUARDED] = true;
}

export function createPgBossQueue(options: PgBossQueueOptions): JobQueue {
  guardJobBookkeeping();
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: PG_BOSS_SCHEMA,
    max: PG_BOSS_POOL_MAX,
    application_name: 'yaoshi-jobs',
    // Schedules are ours (singleton slots, any period in seconds); pg-boss's cron is per minute.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? DEFAULT_MAINTENANCE_SECONDS,
    archiveCompletedAfterSeconds: ARCHIVE_COMPLETED_AFTER_SECONDS,
  });
  boss.on('error', (error: unknown) => options.onError?.('pg-boss', error));
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS;
  const queues = new Map<string, Promise<void>>();
  const tickers = new Set<ReturnType<typeof setInterval>>();
  let stopping = new AbortController();
  /** The names this server works, and the handlers running now. */
  const worked = new Set<string>();
  const running = new Set<Promise<void>>();
  let started: Promise<unknown> | undefined;
  // Features may register workers and enqueue while the app is being built; that waits for start.
  let markStarted: () => void = () => undefined;
  const whenStarted = new Promise<void>((resolve) => (markStarted = resolve));

  /**
   * Creates the queue once per name. Several servers starting at once may race: creating a
   * queue attaches a partition to pg-boss's job table, and two of those at once can deadlock;
   * PostgreSQL then rolls one back, which simply tries again.
   */
  async function createQueue(name: string, settings: PgBoss.Queue): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (!(await boss.getQueue(name))) await boss.createQueue(name, settings);
        return;
      } catch (error) {
        if (attempt >= CREATE_QUEUE_ATTEMPTS || !isRetryableRace(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
      }
    }
  }

  function ensureQueue(name: string, policy?: Partial<RetryPolicy>): Promise<void> {
    const settings = queueSettings(name, { ...DEFAULT_RETRY_POLICY, ...policy });
    let ready = queues.get(name);
    if (!ready) {
      ready = createQueue(name, settings).then(() => (policy ? boss.updateQueue(name, settings) : undefined));
      ready.catch(() => queues.delete(name));
      queues.set(name, ready);
    } else if (policy) {
      ready = ready.then(() => boss.updateQueue(name, settings));
      queues.set(name, ready);
    }
    return ready;
  }

  const queue: JobQueue = {
    runner: 'pg-boss',
    async start() {
      if (stopping.signal.aborted) stopping = new AbortController();
      started ??= boss.start();
      await started;
      markStarted();
    },
    async stop() {
      await queue.stopWorking();
      if (!started) return;
      // Graceful: running handlers finish (up to pg-boss's 30 s) before its pool closes; what is
      // still running then is failed, so another server retries it.
      await boss.stop({ graceful: true, wait: true });
      started = undefined;
    },
    async stopWorking() {
      for (const ticker of tickers) clearInterval(ticker);
      tickers.clear();
      // Long handlers are told to end now (JobContext.signal) and throw: pg-boss retries them.
      stopping.abort();
      if (!started) return;
      await Promise.all([...worked].map((name) => boss.offWork(name)));
      await Promise.allSettled([...running]);
    },
    async enqueue(name, payload, enqueueOptions = {}) {
      await whenStarted;
      await ensureQueue(name);
      return boss.send(name, payload, sendOptions(enqueueOptions));
    },
    async work<Payload extends object>(name: string, handler: JobHandler<Payload>, policy: Partial<RetryPolicy> = {}) {
      await whenStarted;
      await ensureQueue(name, policy);
      worked.add(name);
      await boss.work<Payload>(name, { batchSize: 1, pollingIntervalSeconds, includeMetadata: true }, async ([job]) => {
        if (!job) return;
        try {
          const run = handler(job.data, { id: job.id, attempt: job.retryCount + 1, signal: stopping.signal });
          running.add(run);
          await run.finally(() => running.delete(run));
        } catch (error) {
          if (job.retryCount >= job.retryLimit) options.onError?.(name, error);
          throw error;
        }
      });
    },
    async schedule(name, periodSeconds) {
      tickers.add(offerSchedule(queue, name, periodSeconds, options.onError));
    },
    async unfinished<Payload extends object>(name: string): Promise<Payload[]> {
      await whenStarted;
      const { rows } = await boss
        .getDb()
        .executeSql(
          `select data from ${PG_BOSS_SCHEMA}.job where name = $1 and state in ('created', 'retry', 'active')`,
          [name],
        );
      return (rows as { data: Payload }[]).map((row) => row.data);
    },
    async counts(): Promise<QueueCounts[]> {
      if (!started) return [];
      const { rows } = await boss
        .getDb()
        .executeSql(
          `select name, state, count(*)::int as n from ${PG_BOSS_SCHEMA}.job where state in ('created', 'retry', 'active', 'failed') group by name, state`,
          [],
        );
      const byName = new Map<string, QueueCounts>();
      for (const name of queues.keys()) byName.set(name, { name, waiting: 0, active: 0, failed: 0 });
      for (const row of rows as { name: string; state: string; n: number }[]) {
        const counts = byName.get(row.name) ?? { name: row.name, waiting: 0, active: 0, failed: 0 };
        if (row.state === 'active') counts.active += row.n;
        else if (row.state === 'failed') counts.failed += row.n;
        else counts.waiting += row.n;
        byName.set(row.name, counts);
      }
      return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
  };
  return queue;
}

function queueSettings(name: string, policy: RetryPolicy): PgBoss.Queue {
  return {
    name,
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: policy.retryBackoff,
    expireInSeconds: policy.expireInSeconds,
  };
}

function sendOptions(options: EnqueueOptions): PgBoss.SendOptions {
  const send: PgBoss.SendOptions = {};
  if (options.retryLimit !== undefined) send.retryLimit = options.retryLimit;
  if (options.retryDelaySeconds !== undefined) send.retryDelay = options.retryDelaySeconds;
  if (options.retryBackoff !== undefined) send.retryBackoff = options.retryBackoff;
  if (options.expireInSeconds !== undefined) send.expireInSeconds = options.expireInSeconds;
  if (options.startAfterSeconds !== undefined) send.startAfter = options.startAfterSeconds;
  if (options.singletonKey !== undefined) send.singletonKey = options.singletonKey;
  if (options.singletonSeconds !== undefined) send.singletonSeconds = options.singletonSeconds;
  return send;
}
