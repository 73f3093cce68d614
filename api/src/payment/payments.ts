import { and, desc, eq, inArray } from 'drizzle-orm';
import { PAY_STATUS } from '@yaoshi/contracts/order-states';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { courseSelections } from '../enrolment/enrolment-schema';
import { enrolments, orderCourses, orders } from '../orders/orders-schema';
import { paymentAttempts, paymentNotifications, paymentRefunds } from './payment-schema';
import { ApiError } from '../envelope/api-error';
import {
  gatewayForPayType,
  type CreatePaymentResult,
  type PaymentProvider,
  type PayType,
  type RefundNotification,
} from './payment-provider';
import { gatewayActor, writeAudit } from '../audit/audit-log';
import { transitionOrder, type OrderRow } from '../orders/order-transitions';

/**
 * Taking an order's money through the configured provider, and believing only the
 * provider's signed word about it. The rules:
 *
 * - Each payment of an order is an attempt with its own merchant number (order number +
 *   two-digit sequence); only the order's newest attempt can pay it.
 * - A "paid" notification pays the order once: in one transaction the attempt and the order
 *   rows are locked, the state machine's `payment_succeeded` is written conditionally on the
 *   old state, and the enrolments are inserted (their unique index refuses a second live
 *   enrolment anyway). Duplicates, however many and however concurrent, find the attempt
 *   already paid and change nothing.
 * - Money that arrives too late — after the order's deadline, on a superseded attempt, or for
 *   an order that was closed or cancelled meanwhile — never enrols anyone: it is recorded and
 *   refunded through the provider.
 * - An unpaid order past its deadline is settled whenever it is read or paid: the provider
 *   is asked (a lost notification is caught here), the payment closed, and the order moved
 *   to failed (`payment_expired`); the learner may repay or cancel it.
 */

type AttemptRow = typeof paymentAttempts.$inferSelect;

export interface PaymentContext {
  db: Database;
  clock: Clock;
  provider: PaymentProvider;
  log: { warn(object: unknown, message: string): void; error(object: unknown, message: string): void };
}

export const PAYMENT_UNAVAILABLE = '支付服务暂时不可用，请稍后重试';
export const ORDER_ALREADY_PAID = '该订单已支付，无需重复支付';

export type SettlementResult =
  | 'applied'
  | 'duplicate'
  | 'refunded_late'
  | 'failed_recorded'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'refund_confirmed'
  | 'refund_failed';

/**
 * The audit trail names a gateway for what it told us (a callback, an answer to a query or a
 * refund) and the expiry rule, a 系统任务, for an unpaid order it closes.
 */
export const ORDER_EXPIRY_JOB = 'orders-expire';
export const LATE_REFUND_REASON = '订单已关闭，迟到的支付原路退回';
/** A late refund the gateway did not answer is sent again by the reconciliation job after this long. */
export const LATE_REFUND_RETRY_MS = 60 * 1000;

/** The merchant refund number of a late payment's automatic refund. */
export const lateRefundNoOf = (merchantNo: string): string => `L${merchantNo}`;

/** The merchant number of an order's `sequence`-th payment attempt. */
export function merchantNoOf(orderNo: string, sequence: number): string {
  return `${orderNo}${String(sequence).padStart(2, '0')}`;
}

export async function newestAttemptOf(db: Database, orderId: number): Promise<AttemptRow | null> {
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(desc(paymentAttempts.id))
    .limit(1);
  return attempt ?? null;
}

export async function readOrder(db: Database, orderId: number): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new Error(`order ${orderId} vanished`);
  return order;
}

export interface PaymentAddresses {
  notifyUrl: string;
  returnUrl: string;
}

/**
 * Opens a new attempt for `order` (whose deadline the caller has just set) and asks the
 * provider for the QR address or checkout page. Older open attempts are closed first.
 */
export async function openPaymentAttempt(
  ctx: PaymentContext,
  order: OrderRow,
  payType: PayType,
  addresses: PaymentAddresses,
): Promise<CreatePaymentResult> {
  const { db, clock } = ctx;
  // Never two live payments for one order: each earlier attempt is asked about at its
  // gateway (its money may have been taken and the notification lost) and closed there.
  await closeOpenAttemptsOrUnavailable(ctx, [order.id]);
  const settled = await readOrder(db, order.id);
  if (settled.payStatus === PAY_STATUS.paid) throw new ApiError(400, ORDER_ALREADY_PAID);
  const previous = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, order.id));
  const gateway = gatewayForPayType(ctx.provider, payType);
  const merchantNo = merchantNoOf(order.orderNo, previous.length + 1);
  const [attempt] = await db
    .insert(paymentAttempts)
    .values({
      orderId: order.id,
      merchantNo,
      provider: gateway.name,
      payType,
      amountFen: order.priceFen,
      createdAt: clock.now(),
      expiresAt: order.payDeadline,
    })
    .returning();
  try {
    return await gateway.createPayment({
      merchantOrderNo: merchantNo,
      amountFen: order.priceFen,
      description: order.orderName,
      payType,
      notifyUrl: addresses.notifyUrl,
      returnUrl: addresses.returnUrl,
      expiresAt: order.payDeadline,
    });
  } catch (error) {
    ctx.log.error({ err: error, merchantNo, provider: gateway.name }, 'payment provider refused to create a payment');
    await db
      .update(paymentAttempts)
      .set({ status: 'failed', finishedAt: clock.now() })
      .where(eq(paymentAttempts.id, attempt!.id));
    throw new ApiError(503, PAYMENT_UNAVAILABLE);
  }
}

interface PaidReport {
  tradeNo: string;
  amountFen: number;
  occurredAt: Date;
}

/** The provider says the money of `merchantNo` was taken. */
export async function settlePaid(
  ctx: PaymentContext,
  merchantNo: string,
  report: PaidReport,
): Promise<SettlementResult> {
  const { db, clock } = ctx;
  const outcome = await db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.merchantNo, merchantNo))
      .for('update');
    if (!attempt) return { result: 'unknown_order' as const };
    if (attempt.amountFen !== report.amountFen) return { result: 'amount_mismatch' as const };
    if (attempt.status === 'paid' || attempt.status === 'refunded') return { result: 'duplicate' as const };
    const [order] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId)).for('update');
    if (!order) return { result: 'unknown_order' as const };
    const newest = await newestAttemptOf(tx, order.id);
    const isNewest = newest?.id === attempt.id;
    const inTime = report.occurredAt.getTime() <= attempt.expiresAt.getTime();
    const now = clock.now();
    if (isNewest && inTime && (await transitionOrder(tx, order, 'payment_succeeded', now, { paidAt: now })) !== null) {
      await tx
        .update(paymentAttempts)
        .set({ status: 'paid', providerTradeNo: report.tradeNo, finishedAt: now })
        .where(eq(paymentAttempts.id, attempt.id));
      const paidCourses = await tx
        .select({ courseId: orderCourses.courseId })
        .from(orderCourses)
        .where(eq(orderCourses.orderId, order.id));
      if (paidCourses.length > 0) {
        await tx
          .insert(enrolments)
          .values(
            paidCourses.map(({ courseId }) => ({
              learnerId: order.learnerId,
              courseId,
              year: order.year,
              orderId: order.id,
              createdAt: now,
            })),
          )
          .onConflictDoNothing();
      }
      // The selection is bought: the next visit to /signStudy starts from what is left.
      await tx
        .delete(courseSelections)
        .where(and(eq(courseSelections.learnerId, order.learnerId), eq(courseSelections.year, order.year)));
      await writeAudit(tx, clock, gatewayActor(attempt.provider), {
        action: 'payment.paid',
        target: order.orderNo,
        before: { pay_status: order.payStatus },
        after: {
          pay_status: PAY_STATUS.paid,
          merchant_no: merchantNo,
          trade_no: report.tradeNo,
          amount_fen: report.amountFen,
          enrolments: paidCourses.length,
        },
      });
      return { result: 'applied' as const };
    }
    // Too late for this order: never enrol; refund below, once (the attempt row is locked).
    if (isNewest && !inTime) await transitionOrder(tx, order, 'payment_expired', now);
    await tx
      .update(paymentAttempts)
      .set({ status: 'refunded', providerTradeNo: report.tradeNo, finishedAt: now })
      .where(eq(paymentAttempts.id, attempt.id));
    const refund = {
      merchantRefundNo: lateRefundNoOf(merchantNo),
      merchantNo,
      provider: attempt.provider,
      kind: 'late' as const,
      amountFen: attempt.amountFen,
      reason: LATE_REFUND_REASON,
      createdAt: now,
      updatedAt: now,
    };
    await tx.insert(paymentRefunds).values(refund).onConflictDoNothing();
    await writeAudit(tx, clock, gatewayActor(attempt.provider), {
      action: 'payment.late_refund',
      target: order.orderNo,
      after: {
        merchantNo,
        merchantRefundNo: refund.merchantRefundNo,
        amountFen: refund.amountFen,
        tradeNo: report.tradeNo,
      },
    });
    return { result: 'refunded_late' as const, amountFen: attempt.amountFen };
  });
  if (outcome.result === 'refunded_late') await sendLateRefund(ctx, lateRefundNoOf(merchantNo));
  return outcome.result;
}

/**
 * Asks the gateway to give a late payment back and records its answer. A gateway that
 * cannot be reached leaves the refund `sending`: the reconciliation job sends it again
 * (the same refund number refunds once).
 */
export async function sendLateRefund(ctx: PaymentContext, merchantRefundNo: string): Promise<void> {
  const { db, clock } = ctx;
  const [refund] = await db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.merchantRefundNo, merchantRefundNo))
    .limit(1);
  if (!refund || refund.state !== 'sending') return;
  let answer;
  try {
    answer = await ctx.provider.refund({
      merchantOrderNo: refund.merchantNo,
      merchantRefundNo,
      amountFen: refund.amountFen,
      reason: refund.reason,
    });
  } catch (error) {
    ctx.log.warn(
      { err: error, merchantRefundNo },
      'late refund could not reach the gateway; the reconciliation job retries',
    );
    return;
  }
  const now = clock.now();
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(paymentRefunds)
      .set(
        answer.state === 'refunded'
          ? { state: 'accepted', providerRefundNo: answer.providerRefundNo, updatedAt: now }
          : { state: 'failed', failureReason: answer.reason, updatedAt: now },
      )
      .where(and(eq(paymentRefunds.merchantRefundNo, merchantRefundNo), eq(paymentRefunds.state, 'sending')))
      .returning({ merchantNo: paymentRefunds.merchantNo });
    if (changed.length === 0) return;
    await writeAudit(tx, clock, gatewayActor(refund.provider), {
      action: answer.state === 'refunded' ? 'payment.late_refund_sent' : 'payment.late_refund_failed',
      target: refund.merchantNo,
      after: answer,
    });
  });
  if (answer.state !== 'refunded')
    ctx.log.error(
      { merchantRefundNo, reason: answer.reason },
      'refund of a late payment failed: staff must refund by hand',
    );
}

/**
 * The gateway says a refund finished. Our automatic refunds are marked refunded; a
 * refund staff approved (refunds/) is known by its attempt and acknowledged as it is.
 */
export async function settleRefundNotification(
  ctx: PaymentContext,
  notification: RefundNotification,
): Promise<SettlementResult> {
  const { db, clock } = ctx;
  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.merchantNo, notification.merchantOrderNo))
      .limit(1);
    if (!attempt) return 'unknown_order';
    if (notification.amountFen <= 0 || notification.amountFen > attempt.amountFen) return 'amount_mismatch';
    const [refund] = await tx
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.merchantRefundNo, notification.merchantRefundNo))
      .for('update');
    if (!refund) return notification.outcome === 'refunded' ? 'refund_confirmed' : 'refund_failed';
    if (refund.merchantNo !== attempt.merchantNo || refund.amountFen !== notification.amountFen)
      return 'amount_mismatch';
    if (refund.state === 'refunded' || refund.state === 'failed') return 'duplicate';
    const now = clock.now();
    await tx
      .update(paymentRefunds)
      .set(
        notification.outcome === 'refunded'
          ? { state: 'refunded', providerRefundNo: notification.providerRefundNo, confirmedAt: now, updatedAt: now }
          : { state: 'failed', failureReason: '支付平台退款未成功', updatedAt: now },
      )
      .where(eq(paymentRefunds.merchantRefundNo, refund.merchantRefundNo));
    await writeAudit(tx, clock, gatewayActor(attempt.provider), {
      action: notification.outcome === 'refunded' ? 'payment.refund_confirmed' : 'payment.refund_failed',
      target: attempt.merchantNo,
      after: { merchantRefundNo: refund.merchantRefundNo, providerRefundNo: notification.providerRefundNo },
    });
    return notification.outcome === 'refunded' ? 'refund_confirmed' : 'refund_failed';
  });
}

/** The provider says the payer did not pay `merchantNo`. */
export async function settleFailed(
  ctx: PaymentContext,
  merchantNo: string,
  amountFen: number,
): Promise<SettlementResult> {
  const { db, clock } = ctx;
  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.merchantNo, merchantNo))
      .for('update');
    if (!attempt) return 'unknown_order';
    if (attempt.amountFen !== amountFen) return 'amount_mismatch';
    if (attempt.status !== 'open') return 'duplicate';
    const now = clock.now();
    await tx
      .update(paymentAttempts)
      .set({ status: 'failed', finishedAt: now })
      .where(eq(paymentAttempts.id, attempt.id));
    const [order] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId)).for('update');
    const newest = order ? await newestAttemptOf(tx, order.id) : null;
    if (order && newest?.id === attempt.id) await transitionOrder(tx, order, 'payment_failed', now);
    await writeAudit(tx, clock, gatewayActor(attempt.provider), {
      action: 'payment.failed',
      target: order?.orderNo ?? merchantNo,
      before: { status: 'open' },
      after: { status: 'failed', merchant_no: merchantNo },
    });
    return 'failed_recorded';
  });
}

const MAX_RECORDED_BODY = 4000;

/**
 * A notification as it reached the notify endpoint: verified by the provider over the exact
 * body, settled, and recorded whatever the outcome. `accepted` is what the gateway is told.
 */
export async function receiveNotification(
  ctx: PaymentContext,
  body: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  gateway: PaymentProvider = ctx.provider,
): Promise<{ accepted: boolean; result: SettlementResult | 'bad_signature' }> {
  const notification = gateway.verifyNotification(body, headers);
  let result: SettlementResult | 'bad_signature';
  if (!notification) result = 'bad_signature';
  else if ('kind' in notification) result = await settleRefundNotification(ctx, notification);
  else if (notification.outcome === 'paid') {
    result = await settlePaid(ctx, notification.merchantOrderNo, {
      tradeNo: notification.providerTradeNo,
      amountFen: notification.amountFen,
      occurredAt: notification.occurredAt,
    });
  } else result = await settleFailed(ctx, notification.merchantOrderNo, notification.amountFen);
  await ctx.db.insert(paymentNotifications).values({
    provider: gateway.name,
    merchantNo: notification?.merchantOrderNo ?? null,
    providerTradeNo: notification
      ? 'kind' in notification
        ? notification.providerRefundNo
        : notification.providerTradeNo
      : null,
    outcome: notification?.outcome ?? null,
    amountFen: notification?.amountFen ?? null,
    body: body.slice(0, MAX_RECORDED_BODY),
    result,
    receivedAt: ctx.clock.now(),
  });
  return { accepted: result !== 'bad_signature' && result !== 'unknown_order' && result !== 'amount_mismatch', result };
}

/**
 * Settles one open attempt at its gateway: asked first (the money may have been taken and
 * the notification lost: then it is settled as paid, or refunded when too late for its
 * order), otherwise closed there and asked once more (a payment racing the close wins or
 * loses at the gateway, exactly once), and closed here.
 */
export async function settleAndCloseAttempt(ctx: PaymentContext, attempt: AttemptRow): Promise<'paid' | 'closed'> {
  const { db, clock, provider } = ctx;
  let state = await provider.query(attempt.merchantNo);
  if (state.state !== 'paid') {
    await provider.close(attempt.merchantNo);
    state = await provider.query(attempt.merchantNo);
  }
  if (state.state === 'paid') {
    // The gateway refuses money after the attempt's expiry, so it was in time by its word.
    const paidAt = new Date(Math.min(clock.nowMs(), attempt.expiresAt.getTime()));
    await settlePaid(ctx, attempt.merchantNo, {
      tradeNo: state.providerTradeNo,
      amountFen: state.amountFen,
      occurredAt: paidAt,
    });
    return 'paid';
  }
  await db.transaction(async (tx) => {
    const closed = await tx
      .update(paymentAttempts)
      .set({ status: 'closed', finishedAt: clock.now() })
      .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'open')))
      .returning({ id: paymentAttempts.id });
    if (closed.length === 0) return;
    await writeAudit(tx, clock, gatewayActor(attempt.provider), {
      action: 'payment.close',
      target: attempt.merchantNo,
      before: { status: 'open' },
      after: { status: 'closed' },
    });
  });
  return 'closed';
}

/**
 * Before a new payment: the earlier attempts must be settled at their gateway first, so a
 * gateway that cannot be reached refuses the new payment (503) rather than risk a second charge.
 */
export async function closeOpenAttemptsOrUnavailable(ctx: PaymentContext, orderIds: readonly number[]): Promise<void> {
  try {
    await closeOpenAttempts(ctx, orderIds);
  } catch (error) {
    ctx.log.error({ err: error, orderIds }, 'could not settle earlier payment attempts at the gateway');
    throw new ApiError(503, PAYMENT_UNAVAILABLE);
  }
}

/** Settles and closes the open attempts of orders that are being repaid, cancelled or superseded. */
export async function closeOpenAttempts(ctx: PaymentContext, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const open = await ctx.db
    .select()
    .from(paymentAttempts)
    .where(and(inArray(paymentAttempts.orderId, [...orderIds]), eq(paymentAttempts.status, 'open')))
    .orderBy(paymentAttempts.id);
  for (const attempt of open) await settleAndCloseAttempt(ctx, attempt);
}
