import { and, count, eq } from 'drizzle-orm';
import { beijingYearOf } from '@yaoshi/contracts/beijing-time';
import type { CertificatePdf, CertificateVerification } from '@yaoshi/contracts/certificates';
import type { LessonDetail, ProgressReportResponse, StudySummaryResponse } from '@yaoshi/contracts/study';
import { learners } from '../accounts/accounts-schema';
import { movableClock } from '../clock';
import { openDatabase } from '../db/database';
import { seedMissing } from '../seed/seed';
import { courseProgress } from '../study/study-schema';
import { CHEN, WANG, ZHANG, ZHAO, authed, dataOf, loginToken } from '../test-support/learner-session';
import { newOrder, payAddressOf, payStatusOf } from '../test-support/payment-flow';
import { startTestServer, type TestServer } from '../test-support/test-server';
import * as certificateRoutes from '@yaoshi/contracts/routes/certificates';
import * as enrolmentRoutes from '@yaoshi/contracts/routes/enrolment';
import * as studyRoutes from '@yaoshi/contracts/routes/study';

/**
 * What the restore drill writes, and checks after each restore, through the API as a browser
 * would: a learner's progress reports on a lesson, paid orders through the sandbox gateway,
 * and a certificate. A write counts once its answer came back (acknowledged); a restore to
 * the latest point must hold every acknowledged write.
 */

/** The in-progress lesson of 王芳 the drill plays (90 s, verified 36 s in the demo data). */
const LESSON = '处方审核规范与常见不合理处方分析';
/** Seconds of play between two reports: eight of them stay within the lesson's 90 s from its 36 s. */
const REPORT_SECONDS = 6;
const PAID = 2;

export interface Acknowledged {
  /** 王芳's verified seconds of LESSON after the last acknowledged report. */
  learnTime: number;
  paidOrders: string[];
  certificateNo: string | null;
}

const openApis = new Set<() => Promise<void>>();

/** Closes every drill API still open (a failed drill, before its clusters stop). */
export async function closeDrillApis(): Promise<void> {
  for (const close of [...openApis]) await close().catch(() => undefined);
}

/** The API on a drill cluster: a real HTTP server on the database at `databaseUrl`. */
export async function startDrillApi(databaseUrl: string, mediaDir: string, seed: boolean): Promise<TestServer> {
  const clock = movableClock(Date.now());
  const database = await openDatabase({
    databaseUrl,
    dataDir: mediaDir,
    ...(seed ? { setup: async (db) => void (await seedMissing(db, clock)) } : {}),
  });
  const server = await startTestServer({ database, clock, config: { mediaDir } });
  const close = async () => {
    openApis.delete(close);
    await server.close();
    await database.close();
  };
  openApis.add(close);
  return { ...server, close };
}

/** The writes of one drill, and what was acknowledged of them. */
export class DrillWorkload {
  readonly acknowledged: Acknowledged = { learnTime: 0, paidOrders: [], certificateNo: null };
  private recordId = 0;
  private position = 0;
  private cid = 0;

  private constructor(
    private readonly server: TestServer,
    private readonly tokens: { wang: string; zhang: string; chen: string },
  ) {}

  static async start(server: TestServer): Promise<DrillWorkload> {
    const tokens = {
      wang: await loginToken(server, WANG.phone, WANG.password),
      zhang: await loginToken(server, ZHANG.phone, ZHANG.password),
      chen: await loginToken(server, CHEN.phone, CHEN.password),
    };
    const workload = new DrillWorkload(server, tokens);
    const summary = dataOf(
      await authed(server, tokens.wang, 'GET', studyRoutes.mycourses.path, { type: 1 }),
    ) as StudySummaryResponse;
    const course = summary.courses.find((c) => c.name === LESSON);
    if (!course) throw new Error(`王芳 has no course ${LESSON}`);
    workload.cid = course.cid;
    const detail = dataOf(
      await authed(server, tokens.wang, 'GET', studyRoutes.webcourseDetail.path, { cid: course.cid, formal: 1 }),
    ) as LessonDetail;
    workload.recordId = detail.record_id;
    workload.position = detail.progress.learn_time;
    workload.acknowledged.learnTime = detail.progress.learn_time;
    return workload;
  }

  /** One periodic report, ten seconds of play later; acknowledged once answered. */
  async report(): Promise<void> {
    this.server.clock.advance(REPORT_SECONDS * 1000);
    this.position += REPORT_SECONDS;
    const answer = dataOf(
      await authed(this.server, this.tokens.wang, 'POST', studyRoutes.records.path, {
        cid: this.cid,
        record_id: this.recordId,
        pos: this.position,
        vlength: 90,
        start_time: 0,
        state: 1,
      }),
    ) as ProgressReportResponse;
    this.acknowledged.learnTime = answer.learn_time;
  }

  /** 张晓明's 60-hour order of a year (`yearsAgo` before this one), paid on the sandbox gateway's page; acknowledged once paid. */
  async payOrder(yearsAgo: number): Promise<void> {
    const token = this.tokens.zhang;
    const year = beijingYearOf(this.server.clock.now()) - yearsAgo;
    const order = await newOrder(this.server, token, year, 3);
    const page = new URL(payAddressOf(order)).pathname;
    const tapped = await fetch(`${this.server.baseUrl}${page}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    if (!tapped.ok && tapped.status !== 303) throw new Error(`the sandbox payment answered ${tapped.status}`);
    if ((await payStatusOf(this.server, token, order.order_id)) !== PAID)
      throw new Error(`order ${order.order_id} is not paid`);
    this.acknowledged.paidOrders.push(order.order_id);
  }

  /** 陈静's certificate of the year (her review passed in the demo data): numbered on this first download. */
  async certificate(): Promise<void> {
    const year = beijingYearOf(this.server.clock.now());
    const pdf = dataOf(
      await authed(this.server, this.tokens.chen, 'GET', certificateRoutes.pdf.path, { year }),
    ) as CertificatePdf;
    this.acknowledged.certificateNo = pdf.certificate_no;
  }

  /** 赵敏's progress rows: what the drill's mistaken DELETE removes. */
  static async progressRowsOfZhao(server: TestServer): Promise<number> {
    const [row] = await server.db
      .select({ n: count() })
      .from(courseProgress)
      .innerJoin(learners, eq(learners.id, courseProgress.learnerId))
      .where(and(eq(learners.idNumber, ZHAO.idNumber)));
    return Number(row!.n);
  }
}

/**
 * Checks, through the API of a server on a restored database, that `expected` is all there:
 * 王芳's verified seconds, every order paid, the certificate genuine. Answers what differs.
 */
export async function missingWrites(server: TestServer, expected: Acknowledged): Promise<string[]> {
  const missing: string[] = [];
  const wang = await loginToken(server, WANG.phone, WANG.password);
  const summary = dataOf(
    await authed(server, wang, 'GET', studyRoutes.mycourses.path, { type: 1 }),
  ) as StudySummaryResponse;
  const learnTime = summary.courses.find((c) => c.name === LESSON)?.learn_time ?? -1;
  if (learnTime !== expected.learnTime)
    missing.push(`王芳's ${LESSON}: ${learnTime} s verified, ${expected.learnTime} s acknowledged`);
  const zhang = await loginToken(server, ZHANG.phone, ZHANG.password);
  for (const orderNo of expected.paidOrders) {
    const answer = await authed(server, zhang, 'GET', enrolmentRoutes.orderStatus.path, { order_id: orderNo });
    const payStatus = answer.status === 200 ? (dataOf(answer) as { pay_status: number }).pay_status : null;
    if (payStatus !== PAID) missing.push(`order ${orderNo}: pay_status ${payStatus}`);
  }
  if (expected.certificateNo !== null) {
    const verdict = dataOf(
      await server.call({
        method: 'GET',
        path: certificateRoutes.verify.path,
        payload: { no: expected.certificateNo },
      }),
    ) as CertificateVerification;
    if (verdict.verdict !== 'genuine') missing.push(`certificate ${expected.certificateNo}: ${verdict.verdict}`);
  }
  return missing;
}
