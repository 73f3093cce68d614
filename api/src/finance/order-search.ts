import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lt, or, type SQL } from 'drizzle-orm';
import { newWorkbook } from '../spreadsheets/workbook';
import {
  INVOICE_REQUEST_STATUS_TEXT,
  LATE_REFUND_STATUS_TEXT,
  REFUND_REQUEST_STATUS_TEXT,
  type AdminOrderDetail,
  type FinanceSummary,
  type OrderSearchRow,
} from '@yaoshi/contracts/finance-admin';
import { formatBeijingTime, parseBeijingTime } from '@yaoshi/contracts/beijing-time';
import type { Database } from '../db/database';
import { badInput, notFound } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import { learners } from '../accounts/accounts-schema';
import { escapeLike } from '../audit/audit-log';
import type { PersonalView } from '../auth/personal-view';
import { orders } from '../orders/orders-schema';
import { paymentAttempts, paymentNotifications, paymentRefunds } from '../payment/payment-schema';
import { invoiceRequests } from '../invoices/invoices-schema';
import { invoiceNoOf } from '../invoices/invoice-processing';
import { merchantRefundNoOf } from '../refunds/refund-requests';
import { refundRequests } from '../refunds/refunds-schema';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A summary covers at most a year of days. */
export const SUMMARY_MAX_DAYS = 366;

const dayStart = (day: string) => parseBeijingTime(`${day} 00:00:00`);

type OrderWithLearner = { order: typeof orders.$inferSelect; learner: typeof learners.$inferSelect };

function rowOf({ order, learner }: OrderWithLearner, view: PersonalView): OrderSearchRow {
  return {
    order_no: order.orderNo,
    learner_name: learner.name,
    id_number: view.idNumber(learner.idNumber),
    year: order.year,
    name: order.orderName,
    amount: order.priceFen / 100,
    pay_status: order.payStatus,
    refund_status: order.refundStatus,
    is_receipt: order.receiptStatus,
    created_at: formatBeijingTime(order.createdAt),
    paid_at: order.paidAt ? formatBeijingTime(order.paidAt) : null,
  };
}

export interface OrderQuery {
  page: number;
  size: number;
  learner?: string | undefined;
  year?: number | undefined;
  pay_status?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  merchant_no?: string | undefined;
}

/**
 * 财务's order search: by learner, year, state, creation day (Beijing) or merchant number.
 * Without `learners.reveal` a learner is found by part of the name or by a whole ID number or
 * phone (as in 学员管理's list).
 */
export async function searchOrders(db: Database, query: OrderQuery, view: PersonalView) {
  const conditions: (SQL | undefined)[] = [];
  if (query.learner) {
    const k = `%${escapeLike(query.learner)}%`;
    conditions.push(
      view.mayReveal
        ? or(ilike(learners.name, k), ilike(learners.idNumber, k), ilike(learners.phone, k))
        : or(
            ilike(learners.name, k),
            eq(learners.idNumber, query.learner.toUpperCase()),
            eq(learners.phone, query.learner),
          ),
    );
  }
  if (query.year !== undefined) conditions.push(eq(orders.year, query.year));
  if (query.pay_status !== undefined) conditions.push(eq(orders.payStatus, query.pay_status));
  if (query.from) conditions.push(gte(orders.createdAt, dayStart(query.from)));
  if (query.to) conditions.push(lt(orders.createdAt, new Date(dayStart(query.to).getTime() + DAY_MS)));
  if (query.merchant_no) {
    const attempts = db
      .select({ orderId: paymentAttempts.orderId })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.merchantNo, query.merchant_no));
    conditions.push(or(eq(orders.orderNo, query.merchant_no), inArray(orders.id, attempts)));
  }
  const where = and(...conditions);
  const [total] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(learners, eq(learners.id, orders.learnerId))
    .where(where);
  const rows = await db
    .select({ order: orders, learner: learners })
    .from(orders)
    .innerJoin(learners, eq(learners.id, orders.learnerId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return { total: Number(total?.n ?? 0), list: rows.map((row) => rowOf(row, view)) };
}

/** An order with every payment attempt and every notification received for them. */
export async function adminOrderDetail(db: Database, orderNo: string, view: PersonalView): Promise<AdminOrderDetail> {
  const [row] = await db
    .select({ order: orders, learner: learners })
    .from(orders)
    .innerJoin(learners, eq(learners.id, orders.learnerId))
    .where(eq(orders.orderNo, orderNo))
    .limit(1);
  if (!row) throw notFound(MESSAGES.orderNotFound);
  const attempts = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, row.order.id))
    .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id));
  const merchantNos = attempts.map((attempt) => attempt.merchantNo);
  const notifications =
    merchantNos.length === 0
      ? []
      : await db
          .select()
          .from(paymentNotifications)
          .where(inArray(paymentNotifications.merchantNo, merchantNos))
          .orderBy(asc(paymentNotifications.receivedAt), asc(paymentNotifications.id));
  return {
    order: rowOf(row, view),
    attempts: attempts.map((attempt) => ({
      merchant_no: attempt.merchantNo,
      provider: attempt.provider,
      pay_type: attempt.payType,
      amount: attempt.amountFen / 100,
      status: attempt.status,
      provider_trade_no: attempt.providerTradeNo,
      created_at: formatBeijingTime(attempt.createdAt),
      finished_at: attempt.finishedAt ? formatBeijingTime(attempt.finishedAt) : null,
    })),
    notifications: notifications.map((note) => ({
      merchant_no: note.merchantNo,
      outcome: note.outcome,
      amount: note.amountFen === null ? null : note.amountFen / 100,
      result: note.result,
      received_at: formatBeijingTime(note.receivedAt),
    })),
    refunds: await refundsOf(db, row.order, merchantNos),
    invoices: await invoicesOf(db, row.order.id),
  };
}

const timeOrNull = (time: Date | null) => (time === null ? null : formatBeijingTime(time));

/** The learner's refund requests with their outcome, then automatic refunds of late payments. */
async function refundsOf(
  db: Database,
  order: typeof orders.$inferSelect,
  merchantNos: readonly string[],
): Promise<AdminOrderDetail['refunds']> {
  const requests = await db
    .select()
    .from(refundRequests)
    .where(eq(refundRequests.orderId, order.id))
    .orderBy(asc(refundRequests.createdAt), asc(refundRequests.id));
  const late =
    merchantNos.length === 0
      ? []
      : await db
          .select()
          .from(paymentRefunds)
          .where(inArray(paymentRefunds.merchantNo, [...merchantNos]))
          .orderBy(asc(paymentRefunds.createdAt));
  return [
    ...requests.map((request) => ({
      kind: 'request' as const,
      status_text: REFUND_REQUEST_STATUS_TEXT[request.status],
      amount: request.amountFen / 100,
      reason: request.reason,
      failure_reason: request.failureReason,
      // Our refund number exists from the approval on: the one the gateway is asked with.
      merchant_refund_no:
        request.status === 'reviewing' || request.status === 'rejected' ? null : merchantRefundNoOf(order, request.id),
      provider_refund_no: request.providerRefundNo,
      requested_at: formatBeijingTime(request.createdAt),
      decided_at: timeOrNull(request.decidedAt),
      completed_at: timeOrNull(request.completedAt),
    })),
    ...late.map((refund) => ({
      kind: 'late' as const,
      status_text: LATE_REFUND_STATUS_TEXT[refund.state],
      amount: refund.amountFen / 100,
      reason: refund.reason,
      failure_reason: refund.failureReason,
      merchant_refund_no: refund.merchantRefundNo,
      provider_refund_no: refund.providerRefundNo,
      requested_at: formatBeijingTime(refund.createdAt),
      decided_at: null,
      completed_at: timeOrNull(refund.confirmedAt),
    })),
  ];
}

async function invoicesOf(db: Database, orderId: number): Promise<AdminOrderDetail['invoices']> {
  const rows = await db
    .select()
    .from(invoiceRequests)
    .where(eq(invoiceRequests.orderId, orderId))
    .orderBy(asc(invoiceRequests.createdAt), asc(invoiceRequests.id));
  return rows.map((request) => ({
    status_text: INVOICE_REQUEST_STATUS_TEXT[request.status],
    title: request.invoiceTitle,
    tax_number: request.taxNumber,
    amount: request.amountFen / 100,
    // Invoices issued before numbers were recorded (demo data) get theirs from the same rule as their PDF.
    invoice_no:
      request.status === 'issued'
        ? (request.invoiceNo ?? invoiceNoOf(request.id, request.issuedAt ?? request.updatedAt))
        : request.invoiceNo,
    failure_reason: request.failureReason,
    requested_at: formatBeijingTime(request.createdAt),
    issued_at: timeOrNull(request.issuedAt),
    has_pdf: request.status === 'issued',
  }));
}

interface Totals {
  paid_orders: number;
  paid_amount: number;
  refunds: number;
  refund_amount: number;
}
const emptyTotals = (): Totals => ({ paid_orders: 0, paid_amount: 0, refunds: 0, refund_amount: 0 });

/**
 * Orders paid and refunds completed per Beijing day between `from` and `to` (both
 * included), and per study year, with the same figures as an .xlsx workbook.
 */
export async function financeSummary(db: Database, from: string, to: string): Promise<FinanceSummary> {
  const start = dayStart(from);
  const end = new Date(dayStart(to).getTime() + DAY_MS);
  const days = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  if (days < 1 || days > SUMMARY_MAX_DAYS) throw badInput(MESSAGES.summaryRange(SUMMARY_MAX_DAYS));
  const paid = await db
    .select({ paidAt: orders.paidAt, priceFen: orders.priceFen, year: orders.year })
    .from(orders)
    .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, start), lt(orders.paidAt, end)));
  const refunded = await db
    .select({ completedAt: refundRequests.completedAt, amountFen: refundRequests.amountFen, year: orders.year })
    .from(refundRequests)
    .innerJoin(orders, eq(orders.id, refundRequests.orderId))
    .where(
      and(
        eq(refundRequests.status, 'refunded'),
        gte(refundRequests.completedAt, start),
        lt(refundRequests.completedAt, end),
      ),
    );
  const byDay = new Map<string, Totals>();
  for (let i = 0; i < days; i += 1)
    byDay.set(formatBeijingTime(new Date(start.getTime() + i * DAY_MS)).slice(0, 10), emptyTotals());
  const byYear = new Map<number, Totals>();
  const add = (day: string, year: number, apply: (totals: Totals) => void) => {
    apply(byDay.get(day) ?? emptyTotals());
    const yearTotals = byYear.get(year) ?? emptyTotals();
    apply(yearTotals);
    byYear.set(year, yearTotals);
  };
  for (const row of paid)
    add(
      formatBeijingTime(row.paidAt!).slice(0, 10),
      row.year,
      (t) => ((t.paid_orders += 1), (t.paid_amount += row.priceFen)),
    );
  for (const row of refunded)
    add(
      formatBeijingTime(row.completedAt!).slice(0, 10),
      row.year,
      (t) => ((t.refunds += 1), (t.refund_amount += row.amountFen)),
    );
  const yuan = (totals: Totals): Totals => ({
    ...totals,
    paid_amount: totals.paid_amount / 100,
    refund_amount: totals.refund_amount / 100,
  });
  const dayRows = [...byDay.entries()].map(([day, totals]) => ({ day, ...yuan(totals) }));
  const yearRows = [...byYear.entries()].sort(([a], [b]) => a - b).map(([year, totals]) => ({ year, ...yuan(totals) }));

  const workbook = await newWorkbook();
  const columns = [
    { header: '已支付订单数', key: 'paid_orders', width: 14 },
    { header: '收款金额（元）', key: 'paid_amount', width: 16, style: { numFmt: '0.00' } },
    { header: '退款笔数', key: 'refunds', width: 12 },
    { header: '退款金额（元）', key: 'refund_amount', width: 16, style: { numFmt: '0.00' } },
  ];
  const daySheet = workbook.addWorksheet('按日');
  daySheet.columns = [{ header: '日期', key: 'day', width: 14 }, ...columns];
  daySheet.addRows(dayRows);
  const yearSheet = workbook.addWorksheet('按年度');
  yearSheet.columns = [{ header: '年度', key: 'year', width: 10 }, ...columns];
  yearSheet.addRows(yearRows);
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    days: dayRows,
    years: yearRows,
    file_name: `财务日报-${from}至${to}.xlsx`,
    xlsx_base64: buffer.toString('base64'),
  };
}
