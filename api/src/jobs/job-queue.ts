/**
 * The one job queue (issue 21): timed and heavy work — order expiry, payment reconciliation,
 * retention deletes, transcoding, exports — runs as jobs, not on timers in the web process.
 *
 * Two runners behind this interface:
 * - `pg-boss` (jobs/pg-boss-queue.ts) when the API runs on a PostgreSQL server: jobs are rows in
 *   the `pgboss` schema, so every API server shares one queue, a job runs on exactly one of
 *   them, a failed or crashed job is retried, and jobs survive a restart;
 * - `in-process` (jobs/in-process-queue.ts) on embedded PGlite: the same calls, in memory, in
 *   the one process `npm start` runs.
 */

/** How a queue retries; fixed per queue name by the first `work` (or `enqueue`) that defines it. */
export interface RetryPolicy {
  /** Further attempts after the first one fails. */
  retryLimit: number;
  /** Wait before the first retry. */
  retryDelaySeconds: number;
  /** Double the wait at each further retry (with pg-boss: plus jitter). */
  retryBackoff: boolean;
  /**
   * An attempt still running after this long counts as crashed (its server died or hung) and
   * is retried elsewhere.
   */
  expireInSeconds: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
};

export interface EnqueueOptions extends Partial<RetryPolicy> {
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /**
   * At most one job of this name per key and time slot of `singletonSeconds` (slots counted
   * from the epoch on the database's clock): a second enqueue in the same slot is ignored
   * and answers null. How a schedule runs once per period on any number of servers.
   */
  singletonKey?: string;
  singletonSeconds?: number;
}

export interface JobContext {
  /** The queue's id of this job. */
  id: string;
  /** 1 for the first attempt (in-process; pg-boss reports the retry count too). */
  attempt: number;
  /**
   * Aborted when this server's queue stops (SIGTERM, a deploy): a long job (a transcode)
   * ends its work, leaves its record to be taken up again and throws, instead of holding
   * the shutdown. The queue runs it again: another server, or this one at its next start.
   */
  signal: AbortSignal;
}

/** Throwing (or rejecting) fails the attempt; it is retried by the queue's policy. */
export type JobHandler<Payload> = (payload: Payload, job: JobContext) => Promise<void>;

/** Jobs of one name by state, for /metrics. */
export interface QueueCounts {
  name: string;
  /** Waiting to run (including waiting for a retry). */
  waiting: number;
  active: number;
  /** Gave up after the last retry, kept for inspection. */
  failed: number;
}

export type JobRunnerName = 'pg-boss' | 'in-process';
export const JOB_RUNNERS: readonly JobRunnerName[] = ['pg-boss', 'in-process'];

export interface JobQueue {
  readonly runner: JobRunnerName;
  /** Before anything else: opens (and on PostgreSQL, installs or upgrades) the queue. */
  start(): Promise<void>;
  /**
   * Stops taking jobs, waits for the running ones to finish, stops every schedule. A job
   * cut off (the process killed) is retried by another server once it expires.
   */
  stop(): Promise<void>;
  /** Adds a job; answers its id, or null when a singleton slot already holds one. */
  enqueue<Payload extends object>(name: string, payload: Payload, options?: EnqueueOptions): Promise<string | null>;
  /** Runs `handler` for every job of `name`, one at a time on this server, with `policy` for the queue. */
  work<Payload extends object>(
    name: string,
    handler: JobHandler<Payload>,
    policy?: Partial<RetryPolicy>,
  ): Promise<void>;
  /**
   * Runs job `name` once every `periodSeconds`, on exactly one server: each server offers the
   * current period's job at start and then every `min(period, SCHEDULE_CHECK_SECONDS)`; the
   * singleton slot admits only the first offer. The handler must be registered with `work`.
   */
  schedule(name: string, periodSeconds: number): Promise<void>;
  counts(): Promise<QueueCounts[]>;
  /**
   * The payloads of this name's jobs still to finish: waiting, waiting for a retry, or running.
   * How a sweep finds work whose job was lost (the server died between its commit and its enqueue).
   */
  unfinished<Payload extends object>(name: string): Promise<Payload[]>;
}

/** How often a server offers each schedule's current period (the offer is a cheap, idempotent insert). */
export const SCHEDULE_CHECK_SECONDS = 30;

/** The key of a schedule's singleton slots (a schedule's jobs carry it; one-off jobs do not). */
export const SCHEDULE_SINGLETON_KEY = 'schedule';

/** How often a server offers a schedule: often enough to start each period promptly, never more than needed. */
export function scheduleCheckMs(periodSeconds: number): number {
  return Math.min(periodSeconds, SCHEDULE_CHECK_SECONDS) * 1000;
}

/**
 * Offers schedule `name`'s current period now and every `scheduleCheckMs(periodSeconds)` (the
 * singleton slot makes every offer after the first of a period a no-op); answers the ticker for
 * `stop` to clear.
 */
export function offerSchedule(
  queue: Pick<JobQueue, 'enqueue'>,
  name: string,
  periodSeconds: number,
  onError: ((name: string, error: unknown) => void) | undefined,
): ReturnType<typeof setInterval> {
  const offer = () =>
    void queue
      .enqueue(name, {}, { singletonKey: SCHEDULE_SINGLETON_KEY, singletonSeconds: periodSeconds })
      .catch((error: unknown) => onError?.(name, error));
  offer();
  const ticker = setInterval(offer, scheduleCheckMs(periodSeconds));
  ticker.unref();
  return ticker;
}

/** The slot a time falls in, for `singletonSeconds`: the same on every server (pg-boss counts it on the database). */
export function singletonSlot(nowMs: number, singletonSeconds: number): number {
  return Math.floor(nowMs / 1000 / singletonSeconds);
}

/** The wait before retry number `retry` (1-based). */
export function retryDelayMs(policy: Pick<RetryPolicy, 'retryDelaySeconds' | 'retryBackoff'>, retry: number): number {
  const base = policy.retryDelaySeconds * 1000;
  return policy.retryBackoff ? base * 2 ** (retry - 1) : base;
}
