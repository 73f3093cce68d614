import { randomUUID } from 'node:crypto';
import {
  DEFAULT_RETRY_POLICY,
  retryDelayMs,
  offerSchedule,
  singletonSlot,
  type EnqueueOptions,
  type JobHandler,
  type JobQueue,
  type QueueCounts,
  type RetryPolicy,
} from './job-queue';

/**
 * The queue on embedded PGlite (`npm start`, one process): jobs in memory, run in this
 * process with the same retry, backoff and singleton rules as pg-boss. There is no second
 * server to hand a job to, and PGlite admits one process, so memory is the honest place:
 * a one-off job enqueued and not yet run is lost with the process, and every schedule
 * offers its current period again at the next start.
 */
interface MemoryJob {
  id: string;
  name: string;
  payload: object;
  attempt: number;
  policy: RetryPolicy;
  runAt: number;
  state: 'waiting' | 'active' | 'failed';
}

export interface InProcessQueueOptions {
  /** Failures that exhaust their retries are reported here (the server logs them). */
  onError?: (name: string, error: unknown) => void;
  /** Milliseconds since the epoch; tests may move it. Default Date.now. */
  now?: () => number;
}

export function createInProcessQueue(options: InProcessQueueOptions = {}): JobQueue {
  const now = options.now ?? Date.now;
  const jobs: MemoryJob[] = [];
  const handlers = new Map<string, JobHandler<object>>();
  const policies = new Map<string, RetryPolicy>();
  /** The latest slot taken per name and singleton key (slots only move forward). */
  const slots = new Map<string, number>();
  const tickers = new Set<ReturnType<typeof setInterval>>();
  const running = new Set<Promise<void>>();
  let stopping = new AbortController();
  const busy = new Set<string>();
  let wake: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  let stopped = false;

  function policyOf(name: string, overrides: Partial<RetryPolicy> = {}): RetryPolicy {
    return { ...DEFAULT_RETRY_POLICY, ...policies.get(name), ...definedOnly(overrides) };
  }

  function pump(): void {
    if (!started || stopped) return;
    clearTimeout(wake);
    const time = now();
    for (const job of jobs) {
      if (job.state !== 'waiting' || busy.has(job.name) || job.runAt > time) continue;
      const handler = handlers.get(job.name);
      if (!handler) continue;
      run(job, handler);
    }
    const next = jobs
      .filter((job) => job.state === 'waiting' && handlers.has(job.name) && !busy.has(job.name))
      .reduce((soonest, job) => Math.min(soonest, job.runAt), Infinity);
    if (Number.isFinite(next)) {
      wake = setTimeout(pump, Math.max(0, next - time));
      wake.unref();
    }
  }

  function run(job: MemoryJob, handler: JobHandler<object>): void {
    job.state = 'active';
    busy.add(job.name);
    const attempt = handler(job.payload, { id: job.id, attempt: job.attempt, signal: stopping.signal })
      .then(
        () => {
          jobs.splice(jobs.indexOf(job), 1);
        },
        (error: unknown) => {
          if (job.attempt > job.policy.retryLimit) {
            job.state = 'failed';
            options.onError?.(job.name, error);
            return;
          }
          job.state = 'waiting';
          job.runAt = now() + retryDelayMs(job.policy, job.attempt);
          job.attempt += 1;
        },
      )
      .finally(() => {
        busy.delete(job.name);
        running.delete(attempt);
        pump();
      });
    running.add(attempt);
  }

  const queue: JobQueue = {
    runner: 'in-process',
    async start() {
      started = true;
      stopped = false;
      if (stopping.signal.aborted) stopping = new AbortController();
      pump();
    },
    async stop() {
      stopped = true;
      clearTimeout(wake);
      for (const ticker of tickers) clearInterval(ticker);
      tickers.clear();
      stopping.abort();
      await Promise.allSettled([...running]);
    },
    async enqueue(name, payload, enqueueOptions = {}) {
      if (enqueueOptions.singletonSeconds) {
        const key = `${name}\u0000${enqueueOptions.singletonKey ?? ''}`;
        const slot = singletonSlot(now(), enqueueOptions.singletonSeconds);
        if (slots.get(key) === slot) return null;
        slots.set(key, slot);
      }
      const job: MemoryJob = {
        id: randomUUID(),
        name,
        payload,
        attempt: 1,
        policy: policyOf(name, retryPolicyOf(enqueueOptions)),
        runAt: now() + (enqueueOptions.startAfterSeconds ?? 0) * 1000,
        state: 'waiting',
      };
      jobs.push(job);
      pump();
      return job.id;
    },
    async work(name, handler, policy = {}) {
      policies.set(name, policyOf(name, policy));
      handlers.set(name, handler as JobHandler<object>);
      pump();
    },
    async schedule(name, periodSeconds) {
      tickers.add(offerSchedule(queue, name, periodSeconds, options.onError));
    },
    async unfinished<Payload extends object>(name: string): Promise<Payload[]> {
      return jobs.filter((job) => job.name === name && job.state !== 'failed').map((job) => job.payload as Payload);
    },
    async counts(): Promise<QueueCounts[]> {
      const names = [...new Set([...handlers.keys(), ...jobs.map((job) => job.name)])].sort();
      return names.map((name) => {
        const of = jobs.filter((job) => job.name === name);
        return {
          name,
          waiting: of.filter((job) => job.state === 'waiting').length,
          active: of.filter((job) => job.state === 'active').length,
          failed: of.filter((job) => job.state === 'failed').length,
        };
      });
    },
  };
  return queue;
}

function definedOnly(values: Partial<RetryPolicy>): Partial<RetryPolicy> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

function retryPolicyOf(options: EnqueueOptions): Partial<RetryPolicy> {
  const { retryLimit, retryDelaySeconds, retryBackoff, expireInSeconds } = options;
  return { retryLimit, retryDelaySeconds, retryBackoff, expireInSeconds };
}
