import http from 'node:http';
import { parseArgs } from 'node:util';
import { readFileSync, readdirSync } from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { idNumberCheckCharacter } from '@yaoshi/contracts/identity-rules';
import { PAY_STATUS } from '@yaoshi/contracts/order-states';
import { signRequest, type SignatureFunction } from '@yaoshi/envelope/sign';
import { signatureBytes } from '@yaoshi/envelope/verify';
import { learners } from '@yaoshi/api-server/accounts/accounts-schema';
import { hashPassword } from '@yaoshi/api-server/accounts/passwords';
import { enrolments, orders } from '@yaoshi/api-server/orders/orders-schema';
import { paymentAttempts } from '@yaoshi/api-server/payment/payment-schema';
import { MESSAGES } from '@yaoshi/api-server/messages';
import { studyReports } from '@yaoshi/api-server/study/study-schema';
import { startCluster, type Cluster } from './cluster';
import * as accountRoutes from '@yaoshi/contracts/routes/accounts';
import * as enrolmentRoutes from '@yaoshi/contracts/routes/enrolment';
import * as studyRoutes from '@yaoshi/contracts/routes/study';

/**
 * `npm run cluster:test [-- --seconds 60 --learners 24]`: mixed learner traffic through nginx
 * while one API server is killed (SIGKILL) and started again, then the proof (issue 21).
 *
 * Each virtual learner (a loopback address of its own, as nginx and the API see it): logs in
 * with its password, reads the course list, places a 60-hour order and pays it on the
 * sandbox gateway's page (tapping 支付 twice: the second tap must change nothing), waits for
 * the order to be paid, opens a lesson and then, until the end, sends honest progress reports
 * (the position follows the wall clock) with a course-list or my-courses read every few
 * reports. Learners start spread over the first third of the run, so logins and payments
 * happen while a server dies too.
 *
 * The client retries what a dying server loses: a refused or cut connection, nginx's 502/504,
 * or the replay refusal of a GET that nginx passed on to the next server after the dying one
 * had recorded its nonce (a signed request is signed again: a new nonce). Anything else that
 * is not a 200 envelope is an error. Afterwards, from the database: every acknowledged progress report is
 * there, every order the client saw paid is paid, and none is settled twice (one paid
 * attempt per order, one live enrolment per course).
 *
 * The LAST line is one JSON object; the exit code is 1 when a target is missed.
 */

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: process.env.CLUSTER_TEST_SECONDS ?? '60' },
    learners: { type: 'string', default: process.env.CLUSTER_TEST_LEARNERS ?? '24' },
    port: { type: 'string', default: process.env.CLUSTER_PORT ?? '18300' },
    /** No server is killed: for measuring the per-server figures of the capacity model. */
    steady: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const LEARNERS = Number(args.learners);
const BASE_PORT = Number(args.port);
if (!(SECONDS >= 5 && LEARNERS >= 1 && LEARNERS <= 200)) {
  console.error('usage: cluster-test [--seconds N≥5] [--learners 1…200] [--port P]');
  process.exit(2);
}
const PASSWORD = 'Cluster-test-password-1';
/** A 180 s lesson: longer than the reports of a short run, so no report completes it. */
const STUDY_COURSE = '抗凝药物的药学监护';
const MAX_ATTEMPTS = 4;
const RETRY_STATUSES = new Set([502, 504]);
/** One course-list read for every this many progress reports. */
const READS_EVERY = 4;

const nodeSign: SignatureFunction = (...parts) => signatureBytes(...parts).toString('base64');
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Counters {
  requests: number;
  retries: number;
  errors: number;
  firstErrors: string[];
  byEndpoint: Record<string, number>;
}

const counters: Counters = { requests: 0, retries: 0, errors: 0, firstErrors: [], byEndpoint: {} };

function fail(what: string): void {
  counters.errors += 1;
  if (counters.firstErrors.length < 10) counters.firstErrors.push(what);
}

class Learner {
  token = '';
  constructor(
    readonly cluster: Cluster,
    readonly idNumber: string,
    /** The learner's own loopback address (127.0.1.x): its "real IP" through nginx. */
    readonly address: string,
  ) {}

  /** One logical request, retried when the server died under it; the envelope's data, or undefined after an error. */
  async call(method: 'GET' | 'POST', path: string, payload: Record<string, unknown>): Promise<unknown> {
    for (let attempt = 1; ; attempt += 1) {
      const signed = signRequest(
        this.cluster.signer,
        { method, path, payload, ...(this.token ? { token: this.token } : {}) },
        nodeSign,
      );
      counters.requests += 1;
      counters.byEndpoint[path] = (counters.byEndpoint[path] ?? 0) + 1;
      let status = 0;
      let text = '';
      try {
        const response = await fetchFrom(this.address, this.cluster.url + signed.url, {
          method,
          headers: signed.headers,
          ...(signed.body === undefined ? {} : { body: signed.body }),
        });
        status = response.status;
        text = response.body;
      } catch (error) {
        text = String(error);
      }
      if ((status === 0 || RETRY_STATUSES.has(status)) && attempt < MAX_ATTEMPTS) {
        counters.retries += 1;
        await delay(100 * attempt);
        continue;
      }
      try {
        const envelope = JSON.parse(text) as { code: number; message: string; data: unknown };
        if (status === 200 && envelope.code === 200) return envelope.data;
        // This client never reuses a nonce: a replay refusal means nginx passed a GET that was in
        // flight on the killed server to the next one (proxy_next_upstream), and the nonce had
        // been recorded before the server died. Signed again, it goes through.
        if (status === 403 && envelope.message === MESSAGES.requestReplayed && attempt < MAX_ATTEMPTS) {
          counters.retries += 1;
          continue;
        }
        fail(`${method} ${path}: ${status} ${envelope.code} ${envelope.message}`);
      } catch {
        fail(`${method} ${path}: ${status} ${text.slice(0, 200)}`);
      }
      return undefined;
    }
  }
}

/** A tiny HTTP client that can bind a local address (fetch cannot), keep-alive per learner. */
const agents = new Map<string, http.Agent>();
function fetchFrom(
  localAddress: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  let agent = agents.get(localAddress);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 2, localAddress });
    agents.set(localAddress, agent);
  }
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: init.method, headers: init.headers, agent, timeout: 30_000 },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(init.body);
  });
}

/** The sandbox payer's tap on 支付 (an empty form post to the page's own address). */
async function tapPay(learner: Learner, payUrl: string): Promise<boolean> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    counters.requests += 1;
    counters.byEndpoint['/sandbox-pay'] = (counters.byEndpoint['/sandbox-pay'] ?? 0) + 1;
    try {
      const response = await fetchFrom(learner.address, `${payUrl}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      if (response.status === 200) return true;
      if (!RETRY_STATUSES.has(response.status)) {
        fail(`sandbox pay: ${response.status} ${response.body.slice(0, 200)}`);
        return false;
      }
    } catch {
      // the server died under the tap
    }
    counters.retries += 1;
    await delay(100 * attempt);
  }
  fail('sandbox pay: no answer');
  return false;
}

interface Outcome {
  acknowledged: Map<number, number>;
  paidOrders: Set<string>;
}

async function runLearner(learner: Learner, year: number, studyCourseId: number, until: number, outcome: Outcome) {
  const login = (await learner.call('POST', accountRoutes.login.path, {
    type: '1',
    username: learner.idNumber,
    password: PASSWORD,
  })) as { token: string } | undefined;
  if (!login) return;
  learner.token = login.token;
  const list = (await learner.call('GET', enrolmentRoutes.webcourses.path, { year, type: 1 })) as
    { courses: { cid: number; course_type: number; class_hour: number }[] } | undefined;
  if (!list) return;
  const cids = [
    ...list.courses.filter((course) => course.course_type === 1),
    ...list.courses.filter((course) => course.course_type === 2 && course.class_hour === 6).slice(0, 6),
  ].map((course) => course.cid);
  const order = (await learner.call('POST', enrolmentRoutes.order.path, {
    year,
    cids: cids.join(','),
    pay_type: 3,
  })) as { order_id: string; orderSig: string | { qrcode_url: string } } | undefined;
  if (!order) return;
  const orderNo = order.order_id;
  const payUrl = typeof order.orderSig === 'string' ? order.orderSig : order.orderSig.qrcode_url;
  // Two taps: a payer who taps again must not pay twice.
  if (!(await tapPay(learner, payUrl))) return;
  await tapPay(learner, payUrl);
  for (let poll = 0; ; poll += 1) {
    const status = (await learner.call('GET', enrolmentRoutes.orderStatus.path, { order_id: orderNo })) as
      { pay_status: number } | undefined;
    if (status?.pay_status === PAY_STATUS.paid) {
      outcome.paidOrders.add(orderNo);
      break;
    }
    if (!status || poll > 60) {
      fail(`order ${orderNo} not paid after the payer paid (${JSON.stringify(status)})`);
      return;
    }
    await delay(250);
  }
  const detail = (await learner.call('GET', studyRoutes.webcourseDetail.path, { cid: studyCourseId, formal: 1 })) as
    { record_id: number; duration: number } | undefined;
  if (!detail) return;
  const openedAt = Date.now();
  for (let report = 0; Date.now() < until; report += 1) {
    const pos = Math.floor((Date.now() - openedAt) / 1000);
    const acknowledged = await learner.call('POST', studyRoutes.records.path, {
      cid: studyCourseId,
      record_id: detail.record_id,
      pos,
      vlength: detail.duration,
      state: 1,
    });
    if (acknowledged !== undefined) {
      outcome.acknowledged.set(detail.record_id, (outcome.acknowledged.get(detail.record_id) ?? 0) + 1);
    }
    if (report % READS_EVERY === READS_EVERY - 1) {
      await learner.call(
        'GET',
        report % (2 * READS_EVERY) < READS_EVERY ? studyRoutes.mycourses.path : enrolmentRoutes.webcourses.path,
        {
          year,
          type: 1,
        },
      );
    }
  }
}

/** CPU seconds so far of processes by command name (Linux /proc), to split per-server figures. */
function cpuSecondsOf(pids: readonly number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // gone
    }
  }
  return total;
}

function postgresPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
}

/** Past the run, start-up and a restart, something hangs: say so and stop what was started. */
const WATCHDOG_EXTRA_S = 600;
let stopCluster: (() => Promise<void>) | undefined;
setTimeout(
  () => {
    console.error(`cluster:test did not finish within ${SECONDS + WATCHDOG_EXTRA_S} s`);
    const stopped = stopCluster?.() ?? Promise.resolve();
    void Promise.race([stopped, delay(20_000)]).finally(() => {
      console.log(JSON.stringify({ ok: false, error: 'timed out' }));
      process.exit(1);
    });
  },
  (SECONDS + WATCHDOG_EXTRA_S) * 1000,
).unref();

async function main(): Promise<number> {
  const started = Date.now();
  const cluster = await startCluster({ basePort: BASE_PORT, log: (line) => console.log(line) });
  stopCluster = () => cluster.stop();
  console.log(`Mode: ${cluster.mode}.`);
  console.log(`Cluster ready at ${cluster.url} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 3 });
  const db = drizzle(pool);
  try {
    const year = new Date().getFullYear();
    const [course] = await db
      .execute<{ id: number }>(sql`select id from courses where name = ${STUDY_COURSE} and year = ${year} limit 1`)
      .then((result) => result.rows);
    if (!course) throw new Error(`no course ${STUDY_COURSE} of ${year} in the demo data`);

    // Learners made for the run: a password they log in with, a face photo on file.
    const passwordHash = await hashPassword(PASSWORD);
    const now = new Date();
    const idNumbers: string[] = [];
    for (let i = 0; i < LEARNERS; i += 1) {
      const body = `110105198801${String(20000 + i).slice(-5)}`.slice(0, 17);
      const idNumber = body + idNumberCheckCharacter(body);
      idNumbers.push(idNumber);
      await db.insert(learners).values({
        name: `集群学员${i}`,
        idNumber,
        phone: `198${String(i).padStart(8, '0')}`,
        passwordHash,
        certificationType: 1,
        avatarPath: 'faces/cluster.jpg',
        avatarStatus: 1,
        createdAt: now,
        updatedAt: now,
      });
    }

    const outcome: Outcome = { acknowledged: new Map(), paidOrders: new Set() };
    const until = Date.now() + SECONDS * 1000;
    const victim = cluster.servers[1] ?? cluster.servers[0]!;
    const serverPids = () => cluster.servers.map((server) => server.running.child.pid ?? 0);
    const cpuBefore = { servers: cpuSecondsOf(serverPids()), postgres: cpuSecondsOf(postgresPids()) };
    const killAt = SECONDS * 1000 * (1 / 3);
    const chaos = (async () => {
      if (args.steady) return;
      await delay(killAt);
      console.log(`t=${(killAt / 1000).toFixed(0)} s: SIGKILL to the API server on ${victim.port}`);
      await victim.kill();
      await delay(1_000);
      const restartedAt = Date.now();
      await victim.restart();
      console.log(
        `the API server on ${victim.port} is back (${((Date.now() - restartedAt) / 1000).toFixed(1)} s to ready)`,
      );
    })();
    const learnersDone = Promise.all(
      idNumbers.map(async (idNumber, index) => {
        // Spread over the first third: logins and payments happen around the kill too.
        await delay(((SECONDS * 1000) / 3) * (index / LEARNERS));
        await runLearner(
          new Learner(cluster, idNumber, `127.0.1.${(index % 250) + 1}`),
          year,
          course.id,
          until,
          outcome,
        );
      }),
    );
    await learnersDone;
    const elapsed = (Date.now() - (until - SECONDS * 1000)) / 1000;
    await chaos;
    const cpuAfter = { servers: cpuSecondsOf(serverPids()), postgres: cpuSecondsOf(postgresPids()) };

    // The proof, from the database.
    const recordIds = [...outcome.acknowledged.keys()];
    const found = recordIds.length
      ? await db
          .select({ sessionId: studyReports.sessionId, n: sql<number>`count(*)::int` })
          .from(studyReports)
          .where(inArray(studyReports.sessionId, recordIds))
          .groupBy(studyReports.sessionId)
      : [];
    const foundBySession = new Map(found.map((row) => [row.sessionId, row.n]));
    let acknowledgedReports = 0;
    let reportsFound = 0;
    for (const [recordId, count] of outcome.acknowledged) {
      acknowledgedReports += count;
      reportsFound += Math.min(count, foundBySession.get(recordId) ?? 0);
    }
    const paidNos = [...outcome.paidOrders];
    const paidRows = paidNos.length
      ? await db
          .select({ id: orders.id, orderNo: orders.orderNo, payStatus: orders.payStatus, learnerId: orders.learnerId })
          .from(orders)
          .where(inArray(orders.orderNo, paidNos))
      : [];
    const paymentsSettled = paidRows.filter((row) => row.payStatus === PAY_STATUS.paid).length;
    const orderIds = paidRows.map((row) => row.id);
    const doubleAttempts = orderIds.length
      ? await db
          .select({ orderId: paymentAttempts.orderId, n: sql<number>`count(*)::int` })
          .from(paymentAttempts)
          .where(and(inArray(paymentAttempts.orderId, orderIds), eq(paymentAttempts.status, 'paid')))
          .groupBy(paymentAttempts.orderId)
          .having(sql`count(*) > 1`)
      : [];
    const learnerIds = paidRows.map((row) => row.learnerId);
    const doubleEnrolments = learnerIds.length
      ? await db
          .select({ n: sql<number>`count(*)::int` })
          .from(enrolments)
          .where(inArray(enrolments.learnerId, learnerIds))
          .groupBy(enrolments.learnerId, enrolments.courseId, enrolments.year)
          .having(sql`count(*) > 1`)
      : [];
    const duplicateSettlements = doubleAttempts.length + doubleEnrolments.length;
    const poolConnections = await db
      .execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database()`)
      .then((result) => result.rows[0]?.n ?? 0);

    const serverCpu = cpuAfter.servers - cpuBefore.servers;
    const report = {
      seconds: Number(elapsed.toFixed(1)),
      learners: LEARNERS,
      servers: cluster.servers.length,
      requests: counters.requests,
      requestsPerSecond: Math.round(counters.requests / elapsed),
      retries: counters.retries,
      errors: counters.errors,
      acknowledgedReports,
      reportsFound,
      ordersPaid: paidNos.length,
      paymentsSettled,
      duplicateSettlements,
      killedServer: args.steady ? null : victim.port,
      // For the capacity model (docs/performance.md): CPU per request, all servers together and PostgreSQL.
      cpuMsPerRequest: {
        apiServers: Number(((serverCpu * 1000) / Math.max(1, counters.requests)).toFixed(3)),
        postgres: Number(
          (((cpuAfter.postgres - cpuBefore.postgres) * 1000) / Math.max(1, counters.requests)).toFixed(3),
        ),
      },
      databaseConnections: poolConnections,
      byEndpoint: counters.byEndpoint,
      firstErrors: counters.firstErrors,
    };
    const missed: string[] = [];
    if (counters.requests === 0 || acknowledgedReports === 0) missed.push('no traffic');
    if (counters.errors > 0) missed.push(`${counters.errors} errors`);
    if (reportsFound !== acknowledgedReports) missed.push('acknowledged reports missing from the database');
    if (paidNos.length < LEARNERS) missed.push(`${LEARNERS - paidNos.length} learners did not get a paid order`);
    if (paymentsSettled !== paidNos.length) missed.push('orders seen paid are not paid in the database');
    if (duplicateSettlements > 0) missed.push('a payment settled twice');
    console.log(missed.length ? `MISSED: ${missed.join('; ')}` : 'All targets met.');
    console.log(JSON.stringify({ ...report, ok: missed.length === 0 }));
    return missed.length ? 1 : 0;
  } finally {
    for (const agent of agents.values()) agent.destroy();
    await pool.end();
    await cluster.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    console.log(JSON.stringify({ ok: false, error: String(error) }));
    process.exit(1);
  },
);
