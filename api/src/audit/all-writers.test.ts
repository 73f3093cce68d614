import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { ADMIN_COMMANDS, parseAdminArgs, type AdminCommandName } from '../admin/admin-args';
import { runAdminCommand } from '../admin/admin-cli';
import { learners } from '../accounts/accounts-schema';
import { facePhotos } from '../face-photos/face-photos-schema';
import { invoiceRequests } from '../invoices/invoices-schema';
import { orders } from '../orders/orders-schema';
import { refundRequests } from '../refunds/refunds-schema';
import { releaseConfigFromEnv } from '../releases/release-config';
import { registerReleaseRoutes } from '../releases/release-routes';
import { releaseCanaryVisitors } from '../releases/releases-schema';
import { VISITOR_COOKIE } from '../releases/canary';
import { TIMED_JOBS } from '../timed-work/timed-jobs';
import { INVOICE_POLL_JOB } from '../invoices/invoice-issuing';
import { TRANSCODE_JOB } from '../video-transcode/lesson-transcodes';
import { REPORT_EXPORT_JOB } from '../reports/report-exports';
import { localStorage } from '../storage/local-storage';
import { createInProcessQueue } from '../jobs/in-process-queue';
import { outboxMailTransport } from '../mail/mail-transport';
import { registerTestRemote } from '../test-support/release-registry';
import { mustAudit, startTestServer, type TestServer } from '../test-support/test-server';
import type { PaymentProvider } from '../payment/payment-provider';
import { auditRecords } from './audit-schema';
import { installWriteProbe, probeMark, unauditedWritesSince } from './unaudited-writes';

/**
 * Every writer, from the lists the product itself keeps, leaves an audit record in the
 * transaction of its change (api/src/audit/unaudited-writes.ts notes each transaction that
 * changed a table; one without an audit record is a failure):
 * - the route table as Fastify holds it: each route is either checked on every call by every
 *   test server (console, release and gateway calls: `mustAudit`) or a learner's or the
 *   public's own (named below); a route of any other kind fails here until it is classified;
 * - every release move made with a release token, over HTTP as `npm run release` makes it;
 * - every background job of TIMED_JOBS, run on the demo data a year later (expiry, retention);
 * - every command of ADMIN_COMMANDS, on demo data it can act on.
 */
const TOKEN = 'ci-release-token-0123456789';
let server: TestServer;
const refunds: string[] = [];
/** The server's own queue: every job it registers is named in it. */
const appQueue = createInProcessQueue();

/**
 * Jobs of the queue that are not timed: what each writes, and where that is proven. A job
 * added to the queue without a line here fails the job walk.
 */
const QUEUED_JOBS: Readonly<Record<string, string>> = {
  [TRANSCODE_JOB]:
    'writes the transcode’s own state (unwatched) and, when done, the lesson’s length with a course.transcode-done record (lesson-transcodes.ts; the course tests call through the checked console routes)',
  [REPORT_EXPORT_JOB]: 'writes only the export’s own state and file (report_exports, unwatched)',
  [INVOICE_POLL_JOB]:
    'records the e-invoice provider’s answer with an invoice.submitted / invoice.provider-failed / invoice.issued record in its transaction (invoice-processing.ts; walked against the 诺诺 simulator in invoices/nuonuo/nuonuo-invoices.test.ts)',
};

/** A gateway that refunds, and answers a query about any payment as unpaid. */
const gateway: PaymentProvider = {
  name: 'sandbox',
  createPayment: () => Promise.reject(new Error('not used')),
  verifyNotification: () => null,
  query: (merchantNo) => Promise.resolve({ state: 'unpaid', merchantNo }) as never,
  close: () => Promise.resolve(),
  refund(input) {
    refunds.push(input.merchantRefundNo);
    return Promise.resolve({ state: 'refunded', providerRefundNo: `RF${refunds.length}` });
  },
};

before(async () => {
  server = await startTestServer({
    paymentProvider: gateway,
    jobs: appQueue,
    register: async (app, { db, clock }) => {
      await registerReleaseRoutes(app, {
        db,
        clock,
        siteDir: undefined,
        config: releaseConfigFromEnv({ RELEASE_TOKENS: `ci:${TOKEN}` }, false),
        secret: 'test-media-secret',
      });
    },
  });
  await installWriteProbe(server.db);
});
after(() => server.close());

/** The route table as `path METHOD` lines, read from Fastify's own tree. */
function routeTable(printed: string): { path: string; methods: string[] }[] {
  const routes: { path: string; methods: string[] }[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (depth > 0 ? stack[depth - 1]! : '') + match[2]!;
    stack.push(path);
    if (match[3]) routes.push({ path, methods: match[3].split(', ') });
  }
  return routes;
}

/** Non-GET routes that are a learner's or a visitor's own action, not the association's record. */
const OWN_ACTIONS: readonly RegExp[] = [
  /^\/v1\/(?!admin\/)/, // the learner API: their orders, study, exams, profile, login
  /^\/release-override$/,
  /^\/media\//,
  /^\/uploads?\//,
];

describe('the route table', () => {
  test('every route that can write is either checked on every call or a learner’s own', () => {
    const routes = routeTable(server.app.printRoutes({ commonPrefix: false }));
    assert.ok(routes.length > 100, `read ${routes.length} routes`);
    const writers = routes.flatMap((route) =>
      route.methods
        .filter((method) => method !== 'GET' && method !== 'HEAD')
        .map((method) => ({ method, path: route.path })),
    );
    const checked = writers.filter((route) => mustAudit(route.method, route.path));
    const unclassified = writers.filter(
      (route) => !mustAudit(route.method, route.path) && !OWN_ACTIONS.some((pattern) => pattern.test(route.path)),
    );
    assert.deepEqual(unclassified, [], 'classify these routes: audited (mustAudit) or a learner’s own (OWN_ACTIONS)');
    assert.ok(checked.some((route) => route.path === '/v1/releases/pin'));
    assert.ok(checked.some((route) => route.path.startsWith('/v1/admin/refunds')));
    assert.ok(checked.some((route) => route.path.startsWith('/payment/notify')));
  });
});

async function auditsSince(id: number) {
  const rows = await server.db.select().from(auditRecords).orderBy(desc(auditRecords.id)).limit(50);
  return rows.filter((row) => row.id > id);
}

async function lastAuditId(): Promise<number> {
  const [row] = await server.db
    .select({ id: auditRecords.id })
    .from(auditRecords)
    .orderBy(desc(auditRecords.id))
    .limit(1);
  return row?.id ?? 0;
}

describe('release moves with a release token', () => {
  test('pin, canary, promote, canary-end, rollback: each in the trail under the token’s name, with its reason', async () => {
    await registerTestRemote(server.db, server.clock, 'shop', {
      versions: ['1.0.0', '1.1.0', '1.2.0'],
      pinned: '1.0.0',
    });
    const since = await lastAuditId();
    const post = async (path: string, body: Record<string, unknown>) => {
      const response = await server.send(path, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
    };
    await post('/v1/releases/pin', { remote: 'shop', version: '1.1.0', reason: '上线' });
    await post('/v1/releases/canary', { remote: 'shop', version: '1.2.0', percent: 10, reason: '灰度' });
    await post('/v1/releases/canary/end', { remote: 'shop', reason: '先停' });
    await post('/v1/releases/canary', { remote: 'shop', version: '1.2.0', percent: 10 });
    await post('/v1/releases/promote', { remote: 'shop' });
    await post('/v1/releases/rollback', { remote: 'shop', reason: '回退' });
    const trail = (await auditsSince(since)).reverse();
    assert.deepEqual(
      trail.map((row) => [row.actorKind, row.actor, row.action, row.target]),
      [
        ['release-token', 'ci', 'release.pin', 'shop'],
        ['release-token', 'ci', 'release.canary', 'shop'],
        ['release-token', 'ci', 'release.canary-end', 'shop'],
        ['release-token', 'ci', 'release.canary', 'shop'],
        ['release-token', 'ci', 'release.promote', 'shop'],
        ['release-token', 'ci', 'release.rollback', 'shop'],
      ],
    );
    assert.deepEqual(trail[0]!.before, { version: '1.0.0' });
    assert.deepEqual(trail[0]!.after, { version: '1.1.0', environment: 'production', reason: '上线' });
  });

  test('a canary that fails ends itself: in the trail as 系统任务 canary-auto-rollback', async () => {
    const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
    const started = await server.send('/v1/releases/canary', {
      method: 'POST',
      headers,
      body: JSON.stringify({ remote: 'shop', version: '1.2.0', percent: 50, reason: '再试' }),
    });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    // Four browsers' evidence so far, each on an address of its own (telemetry, not audited);
    // a fifth browser's report tips the failure rate.
    await server.db.insert(releaseCanaryVisitors).values(
      [1, 2, 3, 4].map((i) => ({
        environment: 'production',
        remote: 'shop',
        version: '1.2.0',
        visitor: randomUUID(),
        address: `198.51.100.${i}`,
        loads: 25,
        failures: 8,
        updatedAt: server.clock.now(),
      })),
    );
    const since = await lastAuditId();
    const reported = await server.send('/v1/releases/reports', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${VISITOR_COOKIE}=${randomUUID()}` },
      body: JSON.stringify({
        reports: [
          // Within what one address may add to a canary (RELEASE_REPORTS_PER_ADDRESS, 25).
          { remote: 'shop', version: '1.2.0', kind: 'load-error', count: 20 },
        ],
      }),
    });
    assert.equal(reported.status, 200, JSON.stringify(reported.body));
    const [ended] = await auditsSince(since);
    assert.deepEqual(
      [ended?.actorKind, ended?.actor, ended?.action],
      ['job', 'canary-auto-rollback', 'release.auto-rollback'],
    );
  });
});

describe('background jobs (TIMED_JOBS)', () => {
  test('every job the server registers on its queue is walked here or named in QUEUED_JOBS', async () => {
    const registered = (await appQueue.counts()).map((queue) => queue.name);
    assert.ok(registered.includes(TRANSCODE_JOB), registered.join(', '));
    const timed = TIMED_JOBS.map((job) => job.name);
    assert.deepEqual(
      registered.filter((name) => !timed.includes(name) && !Object.hasOwn(QUEUED_JOBS, name)),
      [],
      'a job nobody walks: add it to TIMED_JOBS or QUEUED_JOBS with what it writes',
    );
  });

  test('each job, run on the demo data a year later, writes nothing without an audit record', async () => {
    const queue = createInProcessQueue();
    await queue.start();
    const ran: string[] = [];
    const storage = localStorage({
      root: fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-all-writers-')),
      signedUrl: (key) => `/media/${key}`,
    });
    try {
      const unpaidBefore = await server.db.select({ id: orders.id }).from(orders).where(eq(orders.payStatus, 1));
      server.clock.advance(400 * 24 * 60 * 60 * 1000);
      for (const job of TIMED_JOBS) {
        const mark = await probeMark(server.db);
        try {
          await job.run({
            db: server.db,
            clock: server.clock,
            config: server.config,
            payments: { db: server.db, clock: server.clock, provider: gateway, log: server.app.log },
            storage,
            mail: outboxMailTransport(server.db, server.clock, server.app.log),
            log: server.app.log,
            queue,
          });
        } catch (error) {
          // A run that fails (a file missing from this test's empty storage) is retried by the queue;
          // what it wrote before failing must still be audited.
          server.app.log.warn({ err: error, job: job.name }, 'job failed in the walk');
        }
        assert.deepEqual(
          await unauditedWritesSince(server.db, mark),
          [],
          `${job.name} changed data without an audit record`,
        );
        ran.push(job.name);
      }
      assert.deepEqual(
        ran,
        TIMED_JOBS.map((job) => job.name),
      );
      if (unpaidBefore.length > 0) {
        const expired = await server.db
          .select()
          .from(auditRecords)
          .where(and(eq(auditRecords.action, 'order.expire'), eq(auditRecords.actor, 'orders-expire')));
        assert.ok(expired.length > 0, 'the demo’s unpaid orders expired, each under 系统任务 orders-expire');
        assert.equal(expired[0]!.actorKind, 'job');
      }
    } finally {
      await queue.stop();
    }
  });
});

describe('the admin CLI (ADMIN_COMMANDS)', () => {
  async function argsFor(command: AdminCommandName): Promise<string[]> {
    const [refund] = await server.db
      .select({ orderNo: orders.orderNo, status: refundRequests.status })
      .from(refundRequests)
      .innerJoin(orders, eq(orders.id, refundRequests.orderId))
      .where(eq(refundRequests.status, command === 'refund done' ? 'refunding' : 'reviewing'))
      .limit(1);
    const [invoice] = await server.db
      .select({ orderNo: orders.orderNo })
      .from(invoiceRequests)
      .innerJoin(orders, eq(orders.id, invoiceRequests.orderId))
      .limit(1);
    const [photo] = await server.db
      .select({ idNumber: learners.idNumber })
      .from(facePhotos)
      .innerJoin(learners, eq(learners.id, facePhotos.learnerId))
      .where(isNull(facePhotos.reviewedAt))
      .limit(1);
    const order = refund?.orderNo ?? invoice?.orderNo ?? '202508005805';
    switch (command) {
      case 'avatar approve':
      case 'avatar reject':
        return [...command.split(' '), photo?.idNumber ?? '11010519491231002X'];
      case 'refund approve':
      case 'refund reject':
      case 'refund done':
        return [...command.split(' '), order];
      case 'invoice issue':
      case 'invoice fail':
        return [...command.split(' '), invoice?.orderNo ?? order];
      case 'create-staff':
        return ['create-staff', '--name', '审计测试', '--role', '只读审计', '--username', 'audit-walk'];
    }
  }

  for (const command of ADMIN_COMMANDS) {
    test(`npm run admin -- ${command}: what it changes is in the trail as 命令行`, async () => {
      const args = await argsFor(command);
      const parsed = parseAdminArgs(args);
      assert.ok(!('error' in parsed), `${args.join(' ')}: ${'error' in parsed ? parsed.error : ''}`);
      const mark = await probeMark(server.db);
      const since = await lastAuditId();
      const result = await runAdminCommand(server.db, server.clock, parsed, { paymentProvider: gateway });
      assert.deepEqual(
        await unauditedWritesSince(server.db, mark),
        [],
        `${command} changed data without an audit record`,
      );
      if (result.ok) {
        const trail = await auditsSince(since);
        assert.ok(trail.length > 0, `${command} succeeded (${result.message}) and is in the trail`);
        assert.ok(
          trail.some((row) => row.actorKind === 'command-line' && row.actor === '命令行'),
          JSON.stringify(trail.map((row) => [row.actorKind, row.actor, row.action])),
        );
      }
    });
  }
});
