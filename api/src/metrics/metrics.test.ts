import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import type { LessonDetail } from '@yaoshi/contracts/study';
import { PAY_STATUS } from '@yaoshi/contracts/order-states';
import { courses } from '../catalogue/catalogue-schema';
import { orders } from '../orders/orders-schema';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { WANG, authed, dataOf, loginToken } from '../test-support/learner-session';
import { recordNewestBackup } from '../backup/backup-metrics';
import { allowList } from './metrics';

const TOKEN = 'metrics-token-0123456789abcdefghijklmnop';

async function withServer(config: Parameters<typeof startTestServer>[0], check: (server: TestServer) => Promise<void>) {
  const server = await startTestServer(config);
  try {
    await check(server);
  } finally {
    await server.close();
  }
}

/** The value of one series, e.g. `yaoshi_orders{state="paid"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

test('/metrics is closed by default: a plain 404 with no data, even from loopback', () =>
  withServer({ seed: false }, async (server) => {
    const response = await server.send('/metrics');
    assert.equal(response.status, 404);
    assert.equal(String(response.body).includes('yaoshi_'), false);
  }));

test('METRICS_TOKEN opens /metrics with the bearer token only', () =>
  withServer({ seed: false, config: { metricsToken: TOKEN } }, async (server) => {
    assert.equal((await server.send('/metrics')).status, 404);
    assert.equal((await server.send('/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } })).status, 404);
    assert.equal((await server.send('/metrics', { headers: { authorization: TOKEN } })).status, 404);
    const open = await server.send('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(open.status, 200);
    assert.match(open.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  }));

test('METRICS_ALLOW opens /metrics to the listed addresses and networks only', async () => {
  await withServer({ seed: false, config: { metricsAllow: ['127.0.0.0/8'] } }, async (server) => {
    assert.equal((await server.send('/metrics')).status, 200);
  });
  await withServer({ seed: false, config: { metricsAllow: ['10.0.0.0/8', '::1'] } }, async (server) => {
    assert.equal((await server.send('/metrics')).status, 404);
  });
  const allowed = allowList(['10.0.0.0/8', '192.168.1.7', 'fd00::/8']);
  assert.equal(allowed('10.20.30.40'), true);
  assert.equal(allowed('::ffff:10.20.30.40'), true, 'IPv4 on a dual-stack socket');
  assert.equal(allowed('192.168.1.7'), true);
  assert.equal(allowed('192.168.1.8'), false);
  assert.equal(allowed('fd12::1'), true);
  assert.equal(allowed('not an address'), false);
});

test('the content: requests by route and status with latency, progress reports by reason, orders by payment state', () =>
  withServer({ config: { metricsToken: TOKEN } }, async (server) => {
    const token = await loginToken(server, WANG.phone, WANG.password);
    dataOf(await server.call({ method: 'GET', path: '/v1/site' }));
    assert.equal((await server.send('/no-such-page-1')).status, 404);
    assert.equal((await server.send('/no-such-page-2')).status, 404);
    // One accepted progress report, one refused (backwards).
    const [course] = await server.db
      .select()
      .from(courses)
      .where(
        and(eq(courses.name, '处方审核规范与常见不合理处方分析'), eq(courses.year, server.clock.now().getFullYear())),
      );
    const lesson = dataOf(
      await authed(server, token, 'GET', '/v1/webcourse_detail', { cid: course!.id, formal: 1 }),
    ) as LessonDetail;
    server.clock.advance(10_000);
    const report = { cid: course!.id, record_id: lesson.record_id, vlength: 90, start_time: 0, state: 1 };
    dataOf(await authed(server, token, 'POST', '/v1/records', { ...report, pos: lesson.progress.learn_time + 10 }));
    server.clock.advance(10_000);
    assert.equal((await authed(server, token, 'POST', '/v1/records', { ...report, pos: 1 })).status, 409);

    const text = String((await server.send('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).body);
    assert.equal(sample(text, 'yaoshi_http_requests_total{method="GET",route="/v1/site",status_code="200"}'), 1);
    assert.equal(sample(text, 'yaoshi_http_requests_total{method="POST",route="/v1/records",status_code="409"}'), 1);
    assert.equal(
      sample(text, 'yaoshi_http_requests_total{method="GET",route="unmatched",status_code="404"}'),
      2,
      'unknown URLs share one series',
    );
    assert.equal(
      sample(text, 'yaoshi_http_request_duration_seconds_count{method="GET",route="/v1/site",status_code="200"}'),
      1,
    );
    assert.equal(sample(text, 'yaoshi_progress_reports_total{result="accepted",reason="accepted"}'), 1);
    assert.equal(sample(text, 'yaoshi_progress_reports_total{result="refused",reason="backwards"}'), 1);
    for (const [state, code] of Object.entries(PAY_STATUS)) {
      const [row] = await server.db.select({ n: count() }).from(orders).where(eq(orders.payStatus, code));
      assert.equal(sample(text, `yaoshi_orders{state="${state}"}`), row!.n, state);
    }
    assert.ok((sample(text, 'yaoshi_orders{state="paid"}') ?? 0) > 0, 'the demo data has paid orders');
    assert.ok(text.includes('yaoshi_process_cpu_seconds_total'), "Node's process metrics");
    if (process.env.DATABASE_URL) {
      const max = sample(text, 'yaoshi_db_pool_connections{state="max"}') ?? 0;
      const open = sample(text, 'yaoshi_db_pool_connections{state="total"}') ?? -1;
      assert.ok(max > 0 && open >= 1 && open <= max, `pool ${open}/${max}`);
      assert.equal(sample(text, 'yaoshi_db_pool_connections{state="waiting"}'), 0);
    }
  }));

test("backup gauges: the newest backup's age once one is recorded in BACKUP_DIR; on PostgreSQL the WAL archive and the job backlog", async () => {
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-metrics-backup-'));
  try {
    await withServer({ seed: false, config: { metricsToken: TOKEN, backupDir } }, async (server) => {
      const read = async () =>
        String((await server.send('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).body);
      assert.equal((await read()).includes('yaoshi_backup_newest_age_seconds{'), false, 'no backup yet: absent');
      recordNewestBackup(backupDir, {
        finishedAt: new Date(Date.now() - 3600_000).toISOString(),
        kind: 'pglite',
        label: 'x',
      });
      const text = await read();
      const age = sample(text, 'yaoshi_backup_newest_age_seconds{kind="pglite"}');
      assert.ok(age !== undefined && age >= 3600 && age < 3700, `age ${age}`);
      const postgres = server.config.databaseUrl !== undefined;
      assert.equal(text.includes('yaoshi_wal_archive_failures '), postgres);
      if (postgres) assert.equal(sample(text, 'yaoshi_wal_archive_failures'), 0);
    });
  } finally {
    fs.rmSync(backupDir, { recursive: true, force: true });
  }
});
