import { newWorkbook } from '../spreadsheets/workbook';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { BillDifferenceRow, LateRefundRow, ReconciliationReport } from '@yaoshi/contracts/finance-admin';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { orders } from '../orders/orders-schema';
import { writeAudit, type AuditActor } from '../audit/audit-log';
import {
  billDifferences,
  billReconciliations,
  paymentAttempts,
  paymentRefunds,
  type BillDifferenceKind,
  type PaymentAttemptStatus,
  type PaymentRefundState,
} from './payment-schema';
import { allGateways, type BillEntry, type PaymentProvider } from './payment-provider';
import { beijingDayOf } from '@yaoshi/contracts/beijing-time';
import { beijingDayBounds } from './beijing-time';

/**
 * Daily bill reconciliation: each gateway's bill of a day compared with our payment
 * attempts. Every difference is stored (finance sees it on 财务 → 对账 and in .xlsx):
 * money with no order, orders marked paid with no money, and amounts that differ.
 */

export const DIFFERENCE_TEXTS: Readonly<Record<BillDifferenceKind, string>> = {
  money_without_order: '有款无单',
  paid_without_money: '有单无款',
  amount_differs: '金额不符',
};

export const REFUND_STATE_TEXTS: Readonly<Record<PaymentRefundState, string>> = {
  sending: '退款提交中',
  accepted: '退款处理中',
  refunded: '已退款',
  failed: '退款失败，需人工处理',
};

/** Our side of one merchant number, as the comparison needs it. */
export interface RecordedAttempt {
  merchantNo: string;
  orderNo: string;
  status: PaymentAttemptStatus;
  amountFen: number;
  /** The Beijing day we marked it paid (or refunded as late money), if we did. */
  settledDay: string | null;
}

export interface Difference {
  kind: BillDifferenceKind;
  merchantNo: string;
  orderNo: string | null;
  providerTradeNo: string | null;
  billAmountFen: number | null;
  ourAmountFen: number | null;
}

/** Money took a gateway's word for: paid, or paid late and given back. */
const MONEY_RECEIVED: readonly PaymentAttemptStatus[] = ['paid', 'refunded'];

/**
 * The differences between a gateway's bill of `day` and our attempts with that gateway.
 * Pure: `recorded` holds every attempt the bill names and every attempt we settled that day.
 */
export function compareBill(
  day: string,
  bill: readonly BillEntry[],
  recorded: readonly RecordedAttempt[],
): Difference[] {
  const ours = new Map(recorded.map((attempt) => [attempt.merchantNo, attempt]));
  const differences: Difference[] = [];
  const billed = new Set<string>();
  for (const entry of bill) {
    if (entry.kind !== 'payment') continue;
    billed.add(entry.merchantOrderNo);
    const attempt = ours.get(entry.merchantOrderNo);
    if (!attempt || !MONEY_RECEIVED.includes(attempt.status))
      differences.push({
        kind: 'money_without_order',
        merchantNo: entry.merchantOrderNo,
        orderNo: attempt?.orderNo ?? null,
        providerTradeNo: entry.providerTradeNo || null,
        billAmountFen: entry.amountFen,
        ourAmountFen: null,
      });
    else if (attempt.amountFen !== entry.amountFen)
      differences.push({
        kind: 'amount_differs',
        merchantNo: entry.merchantOrderNo,
        orderNo: attempt.orderNo,
        providerTradeNo: entry.providerTradeNo || null,
        billAmountFen: entry.amountFen,
        ourAmountFen: attempt.amountFen,
      });
  }
  for (const attempt of recorded) {
    if (attempt.status !== 'paid' || attempt.settledDay !== day || billed.has(attempt.merchantNo)) continue;
    differences.push({
      kind: 'paid_without_money',
      merchantNo: attempt.merchantNo,
      orderNo: attempt.orderNo,
      providerTradeNo: null,
      billAmountFen: null,
      ourAmountFen: attempt.amountFen,
    });
  }
  return differences;
}

async function recordedAttempts(db: Database, provider: string, day: string, billed: readonly string[]) {
  const { start, end } = beijingDayBounds(day);
  const columns = {
    merchantNo: paymentAttempts.merchantNo,
    orderNo: orders.orderNo,
    status: paymentAttempts.status,
    amountFen: paymentAttempts.amountFen,
    finishedAt: paymentAttempts.finishedAt,
  };
  const settled = await db
    .select(columns)
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(
      and(
        eq(paymentAttempts.provider, provider),
        gte(paymentAttempts.finishedAt, start),
        lt(paymentAttempts.finishedAt, end),
      ),
    );
  const named =
    billed.length === 0
      ? []
      : await db
          .select(columns)
          .from(paymentAttempts)
          .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
          .where(inArray(paymentAttempts.merchantNo, [...billed]));
  const rows = new Map([...settled, ...named].map((row) => [row.merchantNo, row]));
  return [...rows.values()].map((row): RecordedAttempt => ({
    merchantNo: row.merchantNo,
    orderNo: row.orderNo,
    status: row.status,
    amountFen: row.amountFen,
    settledDay: row.finishedAt && MONEY_RECEIVED.includes(row.status) ? beijingDayOf(row.finishedAt) : null,
  }));
}

export interface ReconciliationDeps {
  db: Database;
  clock: Clock;
  provider: PaymentProvider;
}

/**
 * Downloads each gateway's bill of `day`, compares it and stores the result (a second run
 * of the same day replaces the first). Gateways without bills (the sandbox) are skipped.
 * `actor` is audited: staff who asked, or the daily job.
 */
export async function reconcileDay(deps: ReconciliationDeps, day: string, actor: AuditActor): Promise<number> {
  let total = 0;
  for (const gateway of allGateways(deps.provider)) {
    if (!gateway.downloadBill) continue;
    const bill = await gateway.downloadBill(day);
    const billed = [...new Set(bill.map((entry) => entry.merchantOrderNo))];
    const differences = compareBill(day, bill, await recordedAttempts(deps.db, gateway.name, day, billed));
    total += differences.length;
    await deps.db.transaction(async (tx) => {
      const values = {
        provider: gateway.name,
        day,
        billPayments: bill.filter((e) => e.kind === 'payment').length,
        billRefunds: bill.filter((e) => e.kind === 'refund').length,
        differences: differences.length,
        ranAt: deps.clock.now(),
      };
      const [run] = await tx
        .insert(billReconciliations)
        .values(values)
        .onConflictDoUpdate({ target: [billReconciliations.provider, billReconciliations.day], set: values })
        .returning({ id: billReconciliations.id });
      await tx.delete(billDifferences).where(eq(billDifferences.reconciliationId, run!.id));
      if (differences.length > 0)
        await tx.insert(billDifferences).values(differences.map((d) => ({ ...d, reconciliationId: run!.id })));
      await writeAudit(tx, deps.clock, actor, {
        action: 'payment.reconcile',
        target: `${gateway.name} ${day}`,
        after: { billPayments: values.billPayments, billRefunds: values.billRefunds, differences: differences.length },
      });
    });
  }
  return total;
}

/** Yesterday in Beijing: the newest bill a gateway has ready (they publish the day's bill the next morning). */
export function previousBeijingDay(now: Date): string {
  return beijingDayOf(new Date(now.getTime() - 24 * 60 * 60 * 1000));
}

/** The daily job: yesterday's bills, once per gateway (a run already stored is left alone). */
export async function reconcileYesterdayOnce(deps: ReconciliationDeps, actor: AuditActor): Promise<void> {
  const day = previousBeijingDay(deps.clock.now());
  const done = await deps.db
    .select({ provider: billReconciliations.provider })
    .from(billReconciliations)
    .where(eq(billReconciliations.day, day));
  const missing = allGateways(deps.provider).filter(
    (gateway) => gateway.downloadBill && !done.some((run) => run.provider === gateway.name),
  );
  if (missing.length > 0) await reconcileDay(deps, day, actor);
}

const yuan = (fen: number | null) => (fen === null ? null : fen / 100);

/** What 财务 → 对账 shows for `day`: each gateway's run, every difference, the automatic refunds of the day; and as .xlsx. */
export async function reconciliationReport(db: Database, day: string): Promise<ReconciliationReport> {
  const runs = await db
    .select()
    .from(billReconciliations)
    .where(eq(billReconciliations.day, day))
    .orderBy(asc(billReconciliations.provider));
  const differenceRows = runs.length
    ? await db
        .select({ difference: billDifferences, provider: billReconciliations.provider })
        .from(billDifferences)
        .innerJoin(billReconciliations, eq(billReconciliations.id, billDifferences.reconciliationId))
        .where(
          inArray(
            billDifferences.reconciliationId,
            runs.map((run) => run.id),
          ),
        )
        .orderBy(asc(billReconciliations.provider), asc(billDifferences.kind), asc(billDifferences.id))
    : [];
  const { start, end } = beijingDayBounds(day);
  const refunds = await db
    .select({ refund: paymentRefunds, orderNo: orders.orderNo })
    .from(paymentRefunds)
    .innerJoin(paymentAttempts, eq(paymentAttempts.merchantNo, paymentRefunds.merchantNo))
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(and(gte(paymentRefunds.createdAt, start), lt(paymentRefunds.createdAt, end)))
    .orderBy(asc(paymentRefunds.createdAt));
  const differences: BillDifferenceRow[] = differenceRows.map(({ difference: d, provider }) => ({
    provider,
    kind: d.kind,
    kind_text: DIFFERENCE_TEXTS[d.kind],
    merchant_no: d.merchantNo,
    order_no: d.orderNo,
    provider_trade_no: d.providerTradeNo,
    bill_amount: yuan(d.billAmountFen),
    our_amount: yuan(d.ourAmountFen),
  }));
  const lateRefunds: LateRefundRow[] = refunds.map(({ refund: r, orderNo }) => ({
    order_no: orderNo,
    merchant_no: r.merchantNo,
    merchant_refund_no: r.merchantRefundNo,
    provider: r.provider,
    amount: r.amountFen / 100,
    state: r.state,
    state_text: REFUND_STATE_TEXTS[r.state],
    provider_refund_no: r.providerRefundNo,
    failure_reason: r.failureReason,
    created_at: formatBeijingTime(r.createdAt),
  }));

  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet('对账差异');
  sheet.columns = [
    { header: '支付渠道', key: 'provider', width: 12 },
    { header: '差异类型', key: 'kind_text', width: 12 },
    { header: '商户订单号', key: 'merchant_no', width: 26 },
    { header: '订单号', key: 'order_no', width: 24 },
    { header: '渠道交易号', key: 'provider_trade_no', width: 30 },
    { header: '账单金额（元）', key: 'bill_amount', width: 14 },
    { header: '系统金额（元）', key: 'our_amount', width: 14 },
  ];
  sheet.addRows(differences);
  const refundSheet = workbook.addWorksheet('自动退款');
  refundSheet.columns = [
    { header: '订单号', key: 'order_no', width: 24 },
    { header: '商户订单号', key: 'merchant_no', width: 26 },
    { header: '退款单号', key: 'merchant_refund_no', width: 26 },
    { header: '支付渠道', key: 'provider', width: 12 },
    { header: '金额（元）', key: 'amount', width: 12 },
    { header: '状态', key: 'state_text', width: 20 },
    { header: '失败原因', key: 'failure_reason', width: 24 },
    { header: '时间', key: 'created_at', width: 20 },
  ];
  refundSheet.addRows(lateRefunds);
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    day,
    runs: runs.map((run) => ({
      provider: run.provider,
      bill_payments: run.billPayments,
      bill_refunds: run.billRefunds,
      differences: run.differences,
      ran_at: formatBeijingTime(run.ranAt),
    })),
    differences,
    late_refunds: lateRefunds,
    file_name: `对账-${day}.xlsx`,
    xlsx_base64: buffer.toString('base64'),
  };
}
