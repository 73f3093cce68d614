import { and, asc, eq } from 'drizzle-orm';
import {
  PAY_FAILURE,
  PAY_STATUS,
  RECEIPT_STATUS,
  REFUND_STATUS,
  reachableOrderStates,
  type OrderState,
  type PayFailure,
} from '@yaoshi/contracts/order-states';
import { INVOICE_TITLE_TYPE } from '@yaoshi/contracts/order-rules';
import type { Database } from '../db/database';
import { academicYears, courses } from '../catalogue/catalogue-schema';
import { enrolments, orderCourses, orders } from '../orders/orders-schema';
import { invoiceRequests, type InvoiceRequestStatus } from '../invoices/invoices-schema';
import { invoiceNoOf, serialNoOf } from '../invoices/invoice-processing';
import { learners } from '../accounts/accounts-schema';
import { refundRequests, type RefundRequestStatus } from '../refunds/refunds-schema';
import type { SeedPart } from './seed-part';
import { orderNameOf } from '@yaoshi/contracts/enrolment';
import { merchantRefundNoOf } from '../refunds/refund-requests';
import { recordDemoPayment, recordDemoRefund } from './demo-payments';

const REFUND_REQUEST_STATUS: Record<number, RefundRequestStatus | null> = {
  [REFUND_STATUS.none]: null,
  [REFUND_STATUS.reviewing]: 'reviewing',
  [REFUND_STATUS.refunding]: 'refunding',
  [REFUND_STATUS.refunded]: 'refunded',
  [REFUND_STATUS.failed]: 'rejected',
};

const INVOICE_REQUEST_STATUS: Record<number, InvoiceRequestStatus | null> = {
  [RECEIPT_STATUS.none]: null,
  [RECEIPT_STATUS.reviewing]: 'reviewing',
  [RECEIPT_STATUS.issuing]: 'issuing',
  [RECEIPT_STATUS.issued]: 'issued',
  [RECEIPT_STATUS.failed]: 'failed',
};

export interface OrderInState {
  orderNo: string;
  learnerId: number;
  year: number;
  state: OrderState;
  /** The order's courses (ids of `year`); a paid order enrols the learner in them. */
  courseIds: readonly number[];
  createdAt: Date;
  /** When it was paid; defaults to 5 minutes after creation for paid and refunded orders. */
  paidAt?: Date;
  payType?: 2 | 3;
  /** Defaults to the sum of the courses' prices. */
  priceFen?: number;
  /** Until when an unpaid order may be paid; defaults to 30 minutes after creation. */
  payDeadline?: Date;
  /** Why a failed order failed; defaults to declined by the payer. */
  payFailure?: PayFailure;
  /**
   * Paid through the sandbox gateway (demo data): its attempt, the sandbox's record and the
   * notification are written too, and a refunded order's refund is the sandbox's.
   */
  sandbox?: boolean;
}

/**
 * Writes an order as if it had lived through the state machine to `state`: its courses,
 * its enrolments when paid (withdrawn when refunded), and the refund and invoice request
 * rows its refund and invoice statuses imply. Used by the demo seed and by tests that need
 * an order in a given state. Returns the order id, or null when the number already exists.
 */
export async function insertOrderInState(db: Database, spec: OrderInState): Promise<number | null> {
  const { state } = spec;
  const chosen = await db
    .select({ id: courses.id, priceFen: courses.priceFen })
    .from(courses)
    .where(eq(courses.year, spec.year))
    .orderBy(asc(courses.sortOrder));
  const lines = chosen.filter((course) => spec.courseIds.includes(course.id));
  if (lines.length !== spec.courseIds.length)
    throw new Error(`courses ${spec.courseIds.join(',')} are not all of ${spec.year}`);
  const priceFen = spec.priceFen ?? lines.reduce((sum, line) => sum + line.priceFen, 0);
  const wasPaid = state.pay_status === PAY_STATUS.paid || state.pay_status === PAY_STATUS.refunded;
  const paidAt = wasPaid ? (spec.paidAt ?? new Date(spec.createdAt.getTime() + 5 * 60 * 1000)) : null;
  const updatedAt = paidAt ?? spec.createdAt;

  const [order] = await db
    .insert(orders)
    .values({
      orderNo: spec.orderNo,
      learnerId: spec.learnerId,
      year: spec.year,
      educationType: 1,
      orderName: orderNameOf(spec.year),
      priceFen,
      payType: spec.payType ?? 3,
      payStatus: state.pay_status,
      refundStatus: state.refund_status,
      receiptStatus: state.is_receipt,
      payFailure: state.pay_status === PAY_STATUS.failed ? (spec.payFailure ?? PAY_FAILURE.declined) : null,
      createdAt: spec.createdAt,
      payDeadline: spec.payDeadline ?? new Date(spec.createdAt.getTime() + 30 * 60 * 1000),
      paidAt,
      updatedAt,
    })
    .onConflictDoNothing({ target: orders.orderNo })
    .returning({ id: orders.id });
  if (!order) return null;

  if (lines.length > 0) {
    await db
      .insert(orderCourses)
      .values(lines.map((line) => ({ orderId: order.id, courseId: line.id, priceFen: line.priceFen })));
    if (paidAt !== null) {
      const withdrawnAt = state.pay_status === PAY_STATUS.refunded ? updatedAt : null;
      await db.insert(enrolments).values(
        lines.map((line) => ({
          learnerId: spec.learnerId,
          courseId: line.id,
          year: spec.year,
          orderId: order.id,
          createdAt: paidAt,
          withdrawnAt,
        })),
      );
    }
  }
  const merchantNo =
    paidAt !== null && spec.sandbox
      ? await recordDemoPayment(db, {
          orderId: order.id,
          orderNo: spec.orderNo,
          orderName: orderNameOf(spec.year),
          payType: spec.payType ?? 3,
          amountFen: priceFen,
          createdAt: spec.createdAt,
          paidAt,
        })
      : null;
  const refundStatus = REFUND_REQUEST_STATUS[state.refund_status];
  if (refundStatus) {
    const done = refundStatus === 'refunded' || refundStatus === 'rejected';
    const [request] = await db
      .insert(refundRequests)
      .values({
        orderId: order.id,
        learnerId: spec.learnerId,
        reason: '工作调动，本年度已在外省完成继续教育学习',
        amountFen: priceFen,
        status: refundStatus,
        providerRefundNo: refundStatus === 'refunded' ? `SANDBOX-RF-${spec.orderNo}` : null,
        failureReason: refundStatus === 'rejected' ? '退款申请未通过审核' : null,
        createdAt: updatedAt,
        decidedAt: refundStatus === 'reviewing' ? null : updatedAt,
        completedAt: done ? updatedAt : null,
        updatedAt,
      })
      .returning({ id: refundRequests.id, reason: refundRequests.reason });
    if (refundStatus === 'refunded' && merchantNo !== null) {
      const refundNo = await recordDemoRefund(db, {
        merchantRefundNo: merchantRefundNoOf({ orderNo: spec.orderNo }, request!.id),
        merchantNo,
        amountFen: priceFen,
        reason: request!.reason,
        at: updatedAt,
      });
      await db.update(refundRequests).set({ providerRefundNo: refundNo }).where(eq(refundRequests.id, request!.id));
    }
  }
  const invoiceStatus = INVOICE_REQUEST_STATUS[state.is_receipt];
  if (invoiceStatus) {
    const [learner] = await db
      .select({ name: learners.name, phone: learners.phone })
      .from(learners)
      .where(eq(learners.id, spec.learnerId));
    const [request] = await db
      .insert(invoiceRequests)
      .values({
        orderId: order.id,
        learnerId: spec.learnerId,
        titleType: INVOICE_TITLE_TYPE.personal,
        invoiceTitle: learner?.name ?? '',
        phone: learner?.phone ?? '13700002222',
        email: 'invoice@example.com',
        amountFen: priceFen,
        status: invoiceStatus,
        failureReason: invoiceStatus === 'failed' ? '开票信息有误，请重新申请' : null,
        createdAt: updatedAt,
        issuedAt: invoiceStatus === 'issued' ? updatedAt : null,
        updatedAt,
      })
      .returning({ id: invoiceRequests.id });
    // A demo invoice is a sandbox one, as the development site issues them: a serial number and
    // a number, so 财务 can try the red-letter of a staff refund on it.
    if (invoiceStatus === 'issued' && request)
      await db
        .update(invoiceRequests)
        .set({
          provider: 'sandbox',
          serialNo: serialNoOf(request.id),
          providerSerial: `SANDBOX${serialNoOf(request.id)}`,
          invoiceNo: invoiceNoOf(request.id, updatedAt),
          taxFen: 0,
        })
        .where(eq(invoiceRequests.id, request.id));
  }
  return order.id;
}

/** 王芳 (spec README demo accounts): the learner whose order table shows every state. */
export const DEMO_ORDER_LEARNER_ID_NUMBER = '310115198808080058';
const DAY_MS = 24 * 60 * 60 * 1000;
const UNPAID_DEMO_ORDER_DAYS = 7;

/** Demo order numbers: year, the learner's ID number's last six, the state's index. */
/**
 * The states 王芳's demo orders show: every reachable one but a staff refund after an issued
 * invoice (issue 37), which needs a red-letter invoice from a provider.
 */
export function demoOrderStates(): OrderState[] {
  return reachableOrderStates().filter(
    (s) =>
      !(
        s.is_receipt === RECEIPT_STATUS.issued &&
        (s.refund_status === REFUND_STATUS.refunding || s.refund_status === REFUND_STATUS.refunded)
      ),
  );
}

export function demoOrderNoOf(year: number, index: number): string {
  return `${year}${DEMO_ORDER_LEARNER_ID_NUMBER.slice(-6)}${String(index).padStart(2, '0')}`;
}

/**
 * 王芳's orders in every state the order table can show (`reachableOrderStates()`), spread
 * over the previous year and the make-up year (the 2nd and 3rd academic years by sort
 * order); the current year is the study feature's (its paid order and enrolments). Each
 * paid order has two courses of its own, so the enrolments never collide; unpaid, failed and
 * cancelled orders reuse courses, as a learner who ordered twice would. Created within the
 * last weeks, so refunds are still within the one-month window when seeded. A seventeenth
 * order, failed because its deadline passed unpaid, shows 已过期 beside the declined one.
 */
export const seedDemoOrders: SeedPart = async ({ tx, clock }) => {
  const [learner] = await tx
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.idNumber, DEMO_ORDER_LEARNER_ID_NUMBER));
  const years = await tx
    .select({ year: academicYears.year })
    .from(academicYears)
    .orderBy(asc(academicYears.sortOrder), asc(academicYears.year));
  const demoYears = years.slice(1, 3).map((row) => row.year);
  if (!learner || demoYears.length < 2) return false;

  const coursesOfYear = new Map<number, number[]>();
  for (const year of demoYears) {
    const rows = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.year, year), eq(courses.kind, 'professional'), eq(courses.delivery, 'web')))
      .orderBy(asc(courses.sortOrder));
    coursesOfYear.set(
      year,
      rows.map((row) => row.id),
    );
  }

  let wrote = false;
  const nextPaidCourse = new Map<number, number>(demoYears.map((year) => [year, 0]));
  const states = demoOrderStates();
  for (const [index, state] of states.entries()) {
    const year = demoYears[index % 2]!;
    const available = coursesOfYear.get(year) ?? [];
    const paid = state.pay_status === PAY_STATUS.paid || state.pay_status === PAY_STATUS.refunded;
    const start = paid ? nextPaidCourse.get(year)! : 0;
    if (paid) nextPaidCourse.set(year, start + 2);
    const courseIds = available.slice(start, start + 2);
    if (courseIds.length < 2) throw new Error(`not enough courses in ${year} for the demo orders`);
    const id = await insertOrderInState(tx, {
      orderNo: demoOrderNoOf(year, index + 1),
      learnerId: learner.id,
      year,
      state,
      courseIds,
      createdAt: new Date(clock.nowMs() - (states.length - index) * DAY_MS),
      // The unpaid demo order stays payable for a week, so 继续支付 leads somewhere and a
      // deadline sweep does not turn it into a failed one while people try the demo.
      ...(state.pay_status === PAY_STATUS.unpaid
        ? { payDeadline: new Date(clock.nowMs() + UNPAID_DEMO_ORDER_DAYS * DAY_MS) }
        : {}),
      payType: index % 3 === 0 ? 2 : 3,
      sandbox: true,
    });
    wrote = wrote || id !== null;
  }
  // One more failed order, not declined but left unpaid past its deadline: 已过期, repay or cancel.
  const expiredYear = demoYears[states.length % 2]!;
  const expired = await insertOrderInState(tx, {
    orderNo: demoOrderNoOf(expiredYear, states.length + 1),
    learnerId: learner.id,
    year: expiredYear,
    state: { pay_status: PAY_STATUS.failed, refund_status: REFUND_STATUS.none, is_receipt: RECEIPT_STATUS.none },
    payFailure: PAY_FAILURE.expired,
    courseIds: (coursesOfYear.get(expiredYear) ?? []).slice(0, 2),
    createdAt: new Date(clock.nowMs() - DAY_MS / 2),
  });
  return wrote || expired !== null;
};

/** 赵敏 (the second study learner, study-seed.ts): the learner of the late-refund demo order. */
export const LAPSED_REFUND_LEARNER_ID_NUMBER = '330106199203150027';
/** How long ago that order was paid: more than any calendar month (REFUND_WINDOW_MONTHS). */
export const LAPSED_REFUND_PAID_DAYS_AGO = 40;

/**
 * 赵敏's order of the previous year, paid 40 days ago and never studied: past the one-month
 * refund window (spec 01 §4), so her order table offers 申请发票 but not 申请退款 (issue 16
 * item 6), and the server refuses the refund with 支付已超过一个月. Her own order (not
 * 王芳's, whose table shows one order per state) so no other demo row changes.
 */
export const seedLapsedRefundOrder: SeedPart = async ({ tx, clock }) => {
  const [learner] = await tx
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.idNumber, LAPSED_REFUND_LEARNER_ID_NUMBER));
  const years = await tx
    .select({ year: academicYears.year })
    .from(academicYears)
    .orderBy(asc(academicYears.sortOrder), asc(academicYears.year));
  const year = years[1]?.year;
  if (!learner || year === undefined) return false;
  const available = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.year, year), eq(courses.kind, 'professional'), eq(courses.delivery, 'web')))
    .orderBy(asc(courses.sortOrder));
  const courseIds = available.slice(-2).map((row) => row.id);
  if (courseIds.length < 2) throw new Error(`not enough courses in ${year} for the late-refund demo order`);
  const paidAt = new Date(clock.nowMs() - LAPSED_REFUND_PAID_DAYS_AGO * DAY_MS);
  const id = await insertOrderInState(tx, {
    orderNo: `${year}${LAPSED_REFUND_LEARNER_ID_NUMBER.slice(-6)}01`,
    learnerId: learner.id,
    year,
    state: { pay_status: PAY_STATUS.paid, refund_status: REFUND_STATUS.none, is_receipt: RECEIPT_STATUS.none },
    courseIds,
    createdAt: new Date(paidAt.getTime() - 5 * 60 * 1000),
    paidAt,
    sandbox: true,
  });
  return id !== null;
};
