import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createInProcessQueue } from './in-process-queue';
import { workUntilAborted } from '../test-support/aborted-job';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(20);
  }
}

test('in-process: an enqueued job runs once with its payload', async () => {
  const queue = createInProcessQueue();
  await queue.start();
  const seen: unknown[] = [];
  await queue.work<{ orderId: number }>('hello', async (payload) => {
    seen.push(payload);
  });
  await queue.enqueue('hello', { orderId: 7 });
  await until(() => seen.length === 1);
  await sleep(50);
  assert.deepEqual(seen, [{ orderId: 7 }]);
  await queue.stop();
});

test('in-process: a job that throws is retried after its delay, and counts show it waiting meanwhile', async () => {
  let time = 1_000_000;
  const queue = createInProcessQueue({ now: () => time });
  await queue.start();
  const attempts: number[] = [];
  await queue.work(
    'flaky',
    async (_payload, job) => {
      attempts.push(job.attempt);
      if (job.attempt === 1) throw new Error('database went away');
    },
    { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: false },
  );
  await queue.enqueue('flaky', {});
  await until(() => attempts.length === 1);
  await sleep(20);
  assert.deepEqual(await queue.counts(), [{ name: 'flaky', waiting: 1, active: 0, failed: 0 }]);
  time += 60_000;
  await queue.enqueue('flaky', {}, { startAfterSeconds: 3600 }); // wakes the pump; runs much later
  await until(() => attempts.length === 2);
  assert.deepEqual(attempts, [1, 2]);
  await queue.stop();
});

test('in-process: a job that keeps failing stops after its retry limit and is reported once', async () => {
  const errors: string[] = [];
  const queue = createInProcessQueue({ onError: (name) => errors.push(name) });
  await queue.start();
  let attempts = 0;
  await queue.work(
    'doomed',
    async () => {
      attempts += 1;
      throw new Error('no');
    },
    { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: true },
  );
  await queue.enqueue('doomed', {});
  await until(() => errors.length === 1);
  await sleep(50);
  assert.equal(attempts, 3);
  assert.deepEqual(errors, ['doomed']);
  assert.deepEqual(await queue.counts(), [{ name: 'doomed', waiting: 0, active: 0, failed: 1 }]);
  await queue.stop();
});

test('in-process: a singleton slot admits one job per period', async () => {
  let time = 10_000_000;
  const queue = createInProcessQueue({ now: () => time });
  const first = await queue.enqueue('sweep', {}, { singletonKey: 'schedule', singletonSeconds: 60 });
  const again = await queue.enqueue('sweep', {}, { singletonKey: 'schedule', singletonSeconds: 60 });
  time += 60_000;
  const next = await queue.enqueue('sweep', {}, { singletonKey: 'schedule', singletonSeconds: 60 });
  assert.ok(first);
  assert.equal(again, null);
  assert.ok(next);
});

test('in-process: a schedule runs its job at start, and again each period, never twice at once', async () => {
  const queue = createInProcessQueue();
  await queue.start();
  let running = 0;
  let overlapped = false;
  const runs: number[] = [];
  await queue.work('tick', async () => {
    running += 1;
    overlapped ||= running > 1;
    runs.push(Date.now());
    await sleep(100);
    running -= 1;
  });
  const started = Date.now();
  await queue.schedule('tick', 1);
  await until(() => runs.length >= 1, 1_000);
  assert.ok(runs[0]! - started < 500, 'the first period runs at start');
  await until(() => runs.length >= 3, 4_000);
  await queue.stop();
  assert.equal(overlapped, false);
  const slots = runs.map((at) => Math.floor(at / 1000));
  assert.equal(new Set(slots).size, slots.length, 'one run per one-second period');
});

test('in-process: stop waits for the running job to finish and takes no more', async () => {
  const queue = createInProcessQueue();
  await queue.start();
  let finished = 0;
  let begun = 0;
  await queue.work('slow', async () => {
    begun += 1;
    await sleep(200);
    finished += 1;
  });
  await queue.enqueue('slow', {});
  await queue.enqueue('slow', {});
  await until(() => begun === 1);
  await queue.stop();
  assert.equal(finished, 1);
  await sleep(300);
  assert.equal(begun, 1);
});

test('in-process: unfinished lists the payloads still waiting or running, not those done or given up', async () => {
  const queue = createInProcessQueue();
  await queue.start();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const started: number[] = [];
  await queue.work<{ n: number }>(
    'sweepable',
    async (payload) => {
      started.push(payload.n);
      if (payload.n === 1) throw new Error('no');
      if (payload.n === 2) await held;
    },
    { retryLimit: 0 },
  );
  await queue.enqueue('sweepable', { n: 0 });
  await queue.enqueue('sweepable', { n: 1 });
  await until(() => started.includes(1));
  await queue.enqueue('sweepable', { n: 2 });
  await until(() => started.includes(2));
  await queue.enqueue('sweepable', { n: 3 });
  const unfinished = await queue.unfinished<{ n: number }>('sweepable');
  assert.deepEqual(unfinished.map((payload) => payload.n).sort(), [2, 3]);
  release();
  await until(() => started.includes(3));
  await sleep(20);
  assert.deepEqual(await queue.unfinished('sweepable'), []);
  await queue.stop();
});

test('in-process: stopWorking aborts the running job at once, takes no more, and still accepts jobs', async () => {
  const queue = createInProcessQueue();
  await queue.start();
  const ran: string[] = [];
  let aborted = false;
  await queue.work<{ n: number }>('long', async (payload, job) => {
    ran.push(`start ${payload.n}`);
    await workUntilAborted(job.signal, () => (aborted = true));
  });
  await queue.enqueue('long', { n: 1 });
  await until(() => ran.length === 1);
  const stoppedAt = Date.now();
  await queue.stopWorking();
  assert.ok(Date.now() - stoppedAt < 1_000, 'not the 60 s of the job');
  assert.ok(aborted);
  // A request being finished may still enqueue; nothing more runs here.
  assert.ok(await queue.enqueue('long', { n: 2 }));
  await sleep(100);
  assert.deepEqual(ran, ['start 1']);
  await queue.stop();
});
