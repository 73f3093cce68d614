import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { localStorage } from '../storage/local-storage';
import { movableClock } from '../clock';
import { configFromEnv } from '../config';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { outboxMailTransport } from '../mail/mail-transport';
import { createInProcessQueue } from '../jobs/in-process-queue';
import type { JobHandler, JobQueue, RetryPolicy } from '../jobs/job-queue';
import { paymentProviderFromConfig } from '../payment/provider-from-config';
import { TIMED_JOBS, startTimedJobs, type TimedJob } from './timed-jobs';

const NOW = Date.parse('2026-11-26T08:00:00Z');
let handle: DatabaseHandle;
let mediaDir: string;

before(async () => {
  handle = await openTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-timed-jobs-'));
});
after(async () => {
  await handle.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

/** A queue that notes each finished run (and failure) of each job name. */
function recording(queue: JobQueue): { queue: JobQueue; runs: Map<string, number>; failures: string[] } {
  const runs = new Map<string, number>();
  const failures: string[] = [];
  return {
    runs,
    failures,
    queue: {
      ...queue,
      work: <Payload extends object>(name: string, handler: JobHandler<Payload>, policy?: Partial<RetryPolicy>) =>
        queue.work<Payload>(
          name,
          async (payload, job) => {
            try {
              await handler(payload, job);
            } catch (error) {
              failures.push(name);
              throw error;
            }
            runs.set(name, (runs.get(name) ?? 0) + 1);
          },
          policy,
        ),
    },
  };
}

const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

test('every timed job runs its service once at start of a scheduled server, on the real database', async () => {
  const clock = movableClock(NOW);
  const config = { ...configFromEnv({}), mediaDir };
  const { queue, runs, failures } = recording(createInProcessQueue());
  await queue.start();
  await startTimedJobs(
    queue,
    {
      db: handle.db,
      clock,
      config,
      payments: { db: handle.db, clock, provider: paymentProviderFromConfig(handle.db, clock, config), log },
      storage: localStorage({ root: config.mediaDir, signedUrl: () => '' }),
      mail: outboxMailTransport(handle.db, clock, log),
      log,
    },
    { schedule: true },
  );
  const deadline = Date.now() + 20_000;
  while (runs.size + failures.length < TIMED_JOBS.length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await queue.stop();
  assert.deepEqual(failures, []);
  assert.deepEqual(
    [...runs.entries()].sort(),
    TIMED_JOBS.map((job) => [job.name, 1]).sort(),
    'each schedule ran its current period once',
  );
});

test('without schedules (tests, or a server that only works) the handlers wait for enqueued jobs', async () => {
  const ran: string[] = [];
  const job: TimedJob = {
    name: 'probe',
    periodSeconds: 60,
    policy: { retryLimit: 0 },
    run: async () => void ran.push('probe'),
  };
  const queue = createInProcessQueue();
  await queue.start();
  const deps = { db: handle.db, clock: movableClock(NOW), config: configFromEnv({}) } as never;
  await startTimedJobs(queue, deps, { schedule: false, jobs: [job] });
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.deepEqual(ran, []);
  await queue.enqueue('probe', {});
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.deepEqual(ran, ['probe']);
  await queue.stop();
});
