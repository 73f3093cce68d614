import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { createThrowawayDatabase, untilNoSessions, type ThrowawayDatabase } from '../db/test-database';
import type { JobQueue } from './job-queue';
import { PG_BOSS_SCHEMA, createPgBossQueue } from './pg-boss-queue';
import { workUntilAborted } from '../test-support/aborted-job';
import { tcpRelay } from '../test-support/tcp-relay';

/**
 * The queue's guarantees on a real PostgreSQL server (CI sets DATABASE_URL): several API
 * servers are several queues on one database, here in one test process (and, for the crash,
 * a second process that is killed mid-job).
 */
const serverUrl = process.env.DATABASE_URL?.trim();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CRASH_WORKER = fileURLToPath(new URL('../test-support/jobs-crash-worker.ts', import.meta.url));

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(50);
  }
}

describe('pg-boss queue on PostgreSQL', { skip: !serverUrl && 'DATABASE_URL is not set' }, () => {
  let database: ThrowawayDatabase;
  let sql: pg.Pool;
  const open: JobQueue[] = [];

  async function server(): Promise<JobQueue> {
    const queue = createPgBossQueue({
      connectionString: database.url,
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
    });
    await queue.start();
    open.push(queue);
    return queue;
  }

  before(async () => {
    database = await createThrowawayDatabase(serverUrl!);
    sql = new pg.Pool({ connectionString: database.url, max: 2 });
  });
  after(async () => {
    await Promise.allSettled(open.map((queue) => queue.stop()));
    await sql.end();
    // The pools have ended, but on a busy machine a connection may still be closing; the
    // forced drop would terminate it under its client (an uncaught "terminating connection
    // due to administrator command", seen once in a full run). Wait for the sessions to go.
    const watcher = new pg.Client({ connectionString: serverUrl });
    await watcher.connect();
    await untilNoSessions(watcher, new URL(database.url).pathname.slice(1));
    await watcher.end();
    await database.drop();
  });

  test('two servers starting at once install the queue once and both work', async () => {
    const [a, b] = await Promise.all([server(), server()]);
    const ran: string[] = [];
    // Both create the same queues at the same moment, as servers starting together do (this
    // once deadlocked inside pg-boss's partition creation).
    const others = ['q1', 'q2', 'q3', 'q4', 'q5'];
    await Promise.all(
      [a, b].flatMap((queue) => [
        ...others.map((name) => queue.work(name, async () => undefined)),
        queue.work<{ n: number }>('greet', async (payload) => void ran.push(`${queue === a ? 'a' : 'b'}${payload.n}`)),
      ]),
    );
    for (let n = 0; n < 6; n += 1) await (n % 2 ? a : b).enqueue('greet', { n });
    await until(() => ran.length === 6);
    await sleep(1_000);
    assert.equal(ran.length, 6, 'each job ran exactly once');
    assert.deepEqual(ran.map((entry) => Number(entry.slice(1))).sort(), [0, 1, 2, 3, 4, 5]);
  });

  test('a schedule on two servers runs once per period', async () => {
    const [a, b] = await Promise.all([server(), server()]);
    const runs: string[] = [];
    const handler = (who: string) => async () => {
      runs.push(who);
      await sleep(100);
    };
    await a.work('every-two-seconds', handler('a'));
    await b.work('every-two-seconds', handler('b'));
    await Promise.all([a.schedule('every-two-seconds', 2), b.schedule('every-two-seconds', 2)]);
    await sleep(7_000);
    // Stop offering, then let the last period's job finish.
    await Promise.all([a.stop(), b.stop()]);
    const { rows } = await sql.query<{ slot: string; n: number; states: string }>(
      `select singleton_on::text as slot, count(*)::int as n, string_agg(state::text, ',') as states
         from ${PG_BOSS_SCHEMA}.job where name = 'every-two-seconds' group by singleton_on order by 1`,
    );
    const report = JSON.stringify({ rows, runs });
    // Both servers offered every period (at start and every two seconds); one job per period was admitted.
    assert.ok(rows.length >= 2, `several periods passed: ${report}`);
    assert.ok(
      rows.every((row) => row.n === 1),
      `one job per period: ${report}`,
    );
    const ran = rows.filter((row) => row.states === 'completed').length;
    assert.equal(runs.length, ran, `each period that ran, ran once, on one of the servers: ${report}`);
  });

  test('a job whose handler throws is retried, and one that keeps failing stops at its limit', async () => {
    const a = await server();
    const attempts: number[] = [];
    await a.work(
      'flaky',
      async (_payload, job) => {
        attempts.push(job.attempt);
        if (job.attempt < 3) throw new Error('database went away');
      },
      { retryLimit: 5, retryDelaySeconds: 0, retryBackoff: false },
    );
    const id = await a.enqueue('flaky', {});
    await until(() => attempts.length === 3);
    await sleep(1_500);
    assert.deepEqual(attempts, [1, 2, 3]);
    const { rows } = await sql.query<{ state: string }>(`select state from ${PG_BOSS_SCHEMA}.job where id = $1`, [id]);
    assert.equal(rows[0]?.state, 'completed');

    let doomed = 0;
    await a.work(
      'doomed',
      async () => {
        doomed += 1;
        throw new Error('no');
      },
      { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false },
    );
    await a.enqueue('doomed', {});
    await until(async () => (await a.counts()).some((c) => c.name === 'doomed' && c.failed === 1));
    assert.equal(doomed, 2);
  });

  test('unfinished lists the payloads still waiting or running, not those done or given up', async () => {
    const a = await server();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const started: number[] = [];
    await a.work<{ n: number }>(
      'sweepable',
      async (payload) => {
        started.push(payload.n);
        if (payload.n === 1) throw new Error('no');
        if (payload.n === 2) await held;
      },
      { retryLimit: 0 },
    );
    await a.enqueue('sweepable', { n: 0 });
    await a.enqueue('sweepable', { n: 1 });
    await until(async () => (await a.counts()).some((c) => c.name === 'sweepable' && c.failed === 1));
    await a.enqueue('sweepable', { n: 2 });
    await until(() => started.includes(2));
    // Enqueued while the one worker is busy: waiting.
    await a.enqueue('sweepable', { n: 3 });
    const unfinished = await a.unfinished<{ n: number }>('sweepable');
    assert.deepEqual(unfinished.map((payload) => payload.n).sort(), [2, 3]);
    assert.deepEqual(await a.unfinished('nothing-here'), []);
    release();
    await until(async () => (await a.unfinished('sweepable')).length === 0);
  });

  test('a job whose server is killed mid-way is retried by another server', async () => {
    const name = 'crashing';
    const setup = await server();
    const id = await setup.enqueue(
      name,
      { report: 'march' },
      { expireInSeconds: 1, retryDelaySeconds: 0, retryBackoff: false, retryLimit: 2 },
    );
    const child = spawn(process.execPath, ['--import', 'tsx', CRASH_WORKER, database.url, name], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(() => output.includes(`started ${id} attempt 1`), 20_000);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const survivor = await server();
    const retried: { id: string; attempt: number; payload: unknown }[] = [];
    await survivor.work(name, async (payload, job) => void retried.push({ id: job.id, attempt: job.attempt, payload }));
    await until(() => retried.length === 1, 20_000);
    assert.deepEqual(retried, [{ id, attempt: 2, payload: { report: 'march' } }]);
  });

  test('a job that ends while the database is unreachable: reported, no unhandled rejection, retried once it is back', async () => {
    // pg-boss 10 records the end of a job without awaiting it; unguarded, the refused
    // connection would be an unhandled rejection, which ends a server (and fails this file).
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const target = new URL(database.url);
    const relay = tcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
    await relay.up();
    const viaRelay = new URL(database.url);
    viaRelay.port = String(relay.port());
    const errors: unknown[] = [];
    const queue = createPgBossQueue({
      connectionString: viaRelay.toString(),
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
      onError: (_name, error) => errors.push(error),
    });
    try {
      await queue.start();
      let finish: () => void = () => undefined;
      const attempts: number[] = [];
      await queue.work('ends-in-an-outage', async (_payload, job) => {
        attempts.push(job.attempt);
        if (job.attempt === 1) await new Promise<void>((resolve) => (finish = resolve));
      });
      await queue.enqueue(
        'ends-in-an-outage',
        {},
        { expireInSeconds: 1, retryDelaySeconds: 0, retryBackoff: false, retryLimit: 2 },
      );
      await until(() => attempts.length === 1);
      await relay.down();
      finish();
      await until(() => errors.some((error) => /ECONNREFUSED/.test(String((error as Error).message))));
      await sleep(500);
      assert.deepEqual(unhandled, []);
      await relay.up();
      await until(() => attempts.length === 2, 20_000);
      assert.deepEqual(attempts, [1, 2]);
    } finally {
      await relay.up();
      await queue.stop();
      await relay.down();
      process.off('unhandledRejection', onUnhandled);
    }
  });

  test('stopWorking aborts the running job at once and takes no more, while jobs can still be enqueued', async () => {
    const a = await server();
    const ran: number[] = [];
    let aborted = false;
    await a.work<{ n: number }>(
      'long-running',
      async (payload, job) => {
        ran.push(payload.n);
        await workUntilAborted(job.signal, () => (aborted = true));
      },
      { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: false },
    );
    await a.enqueue('long-running', { n: 1 });
    await until(() => ran.length === 1);
    const stoppedAt = Date.now();
    await a.stopWorking();
    assert.ok(Date.now() - stoppedAt < 5_000, `stopped in ${Date.now() - stoppedAt} ms, not the job's 60 s`);
    assert.ok(aborted);
    assert.ok(await a.enqueue('long-running', { n: 2 }));
    await sleep(1_500);
    assert.deepEqual(ran, [1]);
    await a.stop();
    // Another server takes up both: the aborted one is retried, the new one runs.
    const b = await server();
    const taken: number[] = [];
    await b.work<{ n: number }>('long-running', async (payload) => void taken.push(payload.n), {
      retryLimit: 2,
      retryDelaySeconds: 0,
      retryBackoff: false,
    });
    await until(() => taken.length === 2, 20_000);
    assert.deepEqual(taken.sort(), [1, 2]);
  });

  test('jobs survive a restart: enqueued, every server stopped, started again, it runs', async () => {
    const first = await server();
    const id = await first.enqueue('after-restart', { invoice: 42 });
    await first.stop();
    const again = await server();
    const ran: unknown[] = [];
    await again.work('after-restart', async (payload, job) => void ran.push({ id: job.id, payload }));
    await until(() => ran.length === 1);
    assert.deepEqual(ran, [{ id, payload: { invoice: 42 } }]);
  });
});
