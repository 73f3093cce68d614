import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_RETRIES, batchedStatement } from './statement-batcher';

/** A runner that records each batch it is given and answers when released. */
function recordingRunner(answer: (input: number) => number = (input) => input * 10) {
  const batches: number[][] = [];
  const waiting: (() => void)[] = [];
  let hold = false;
  const run = async (inputs: readonly number[]) => {
    batches.push([...inputs]);
    if (hold) await new Promise<void>((resolve) => waiting.push(resolve));
    return inputs.map(answer);
  };
  return {
    run,
    batches,
    holdBatches: () => {
      hold = true;
    },
    releaseAll: () => {
      hold = false;
      for (const release of waiting.splice(0)) release();
    },
  };
}

test('calls made together run as one batch, and each caller gets its own answer', async () => {
  const runner = recordingRunner();
  const call = batchedStatement(runner.run, { maxBatch: 100, maxInFlight: 2 });
  const answers = await Promise.all([1, 2, 3].map(call));
  assert.deepEqual(answers, [10, 20, 30]);
  assert.deepEqual(runner.batches, [[1, 2, 3]]);
});

test('a call alone runs alone', async () => {
  const runner = recordingRunner();
  const call = batchedStatement(runner.run, { maxBatch: 100, maxInFlight: 2 });
  assert.equal(await call(7), 70);
  assert.equal(await call(8), 80);
  assert.deepEqual(runner.batches, [[7], [8]]);
});

test('while maxInFlight batches run, later calls wait and then go together, at most maxBatch at a time', async () => {
  const runner = recordingRunner();
  const call = batchedStatement(runner.run, { maxBatch: 3, maxInFlight: 1 });
  runner.holdBatches();
  const first = call(1);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(runner.batches, [[1]], 'the first call started on its own');
  const later = [2, 3, 4, 5, 6, 7, 8].map(call);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(runner.batches, [[1]], 'nothing else starts while the one batch allowed runs');
  runner.releaseAll();
  assert.deepEqual(await Promise.all([first, ...later]), [10, 20, 30, 40, 50, 60, 70, 80]);
  assert.deepEqual(runner.batches, [[1], [2, 3, 4], [5, 6, 7], [8]]);
});

test('when a batch fails, each call runs again alone and only the bad one fails', async () => {
  const batches: number[][] = [];
  const call = batchedStatement(
    async (inputs: readonly number[]) => {
      batches.push([...inputs]);
      if (inputs.includes(13)) throw new Error('value out of range');
      return inputs.map((input) => input + 1);
    },
    { maxBatch: 100, maxInFlight: 2 },
  );
  const results = await Promise.allSettled([1, 13, 2].map(call));
  assert.deepEqual(
    results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message)),
    [2, 'value out of range', 3],
  );
  assert.deepEqual(batches[0], [1, 13, 2]);
  assert.deepEqual(batches.slice(1).sort(), [[1], [13], [2]].sort());
});

test('a runner answering the wrong number of outputs fails its calls instead of answering the wrong ones', async () => {
  const call = batchedStatement(async (inputs: readonly number[]) => inputs.slice(1), {
    maxBatch: 100,
    maxInFlight: 2,
  });
  const results = await Promise.allSettled([1, 2].map(call));
  assert.ok(results.every((result) => result.status === 'rejected'));
});

/** An error as node-postgres raises it, wrapped by drizzle as `cause`. */
function databaseError(code: string): Error {
  return Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('deadlock detected'), { code }) });
}

for (const code of ['40P01', '40001']) {
  test(`a ${code} is retried by the group that hit it, not by every call on its own`, async () => {
    const batches: number[][] = [];
    let failures = 1;
    const call = batchedStatement(
      async (inputs: readonly number[]) => {
        batches.push([...inputs]);
        if (failures > 0) {
          failures -= 1;
          throw databaseError(code);
        }
        return inputs.map((input) => input + 1);
      },
      { maxBatch: 100, maxInFlight: 2 },
    );
    assert.deepEqual(await Promise.all([1, 2, 3].map(call)), [2, 3, 4]);
    assert.deepEqual(batches, [
      [1, 2, 3],
      [1, 2, 3],
    ]);
  });
}

test('a call alone is retried too; a deadlock that never ends reaches the caller after the retries', async () => {
  let runs = 0;
  const flaky = batchedStatement(async (inputs: readonly number[]) => {
    runs += 1;
    if (runs < 3) throw databaseError('40P01');
    return inputs;
  });
  assert.equal(await flaky(5), 5);
  let stuckRuns = 0;
  const stuck = batchedStatement(async () => {
    stuckRuns += 1;
    throw databaseError('40001');
  });
  await assert.rejects(stuck(1));
  assert.equal(stuckRuns, MAX_RETRIES + 1);
});
