import type { OrderPayments } from '../orders/order-payments';
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import { PAY_STATUS } from '@yaoshi/contracts/order-states';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { courseSelections } from '../enrolment/enrolment-schema';
import { enrolments, orderCourses, orders } from '../orders/orders-schema';
import { paymentAttempts, paymentNotifications } from './payment-schema';
import { ApiError } from '../envelope/api-error';
import type { CreatePaymentResult, PaymentProvider, PayType } from './payment-provider';
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

export type SettlementResult =
  'applied' | 'duplicate' | 'refunded_late' | 'failed_recorded' | 'unknown_order' | 'amount_mismatch';

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
  const { db, clock, provider } = ctx;
  const previous = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, order.id))
    .orderBy(desc(paymentAttempts.id));
  for (const attempt of previous.filter((a) => a.status === 'open')) {
    await provider.close(attempt.merchantNo);
    await db
      .update(paymentAttempts)
      .set({ status: 'closed', finishedAt: clock.now() })
      .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'open')));
  }
  const merchantNo = merchantNoOf(order.orderNo, previous.length + 1);
  const [attempt] = await db
    .insert(paymentAttempts)
    .values({
      orderId: order.id,
      merchantNo,
      provider: provider.name,
      payType,
      amountFen: order.priceFen,
      createdAt: clock.now(),
      expiresAt: order.payDeadline,
    })
    .returning();
  try {
    return await provider.createPayment({
      merchantOrderNo: merchantNo,
      amountFen: order.priceFen,
      description: order.orderName,
      payType,
      notifyUrl: addresses.notifyUrl,
      returnUrl: addresses.returnUrl,
      expiresAt: order.payDeadline,
    });
  } catch (error) {
    ctx.log.error({ err: error, merchantNo }, 'payment provider refused to create a payment');
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
      return { result: 'applied' as const };
    }
    // Too late for this order: never enrol; refund below, once (the attempt row is locked).
    if (isNewest && !inTime) await transitionOrder(tx, order, 'payment_expired', now);
    await tx
      .update(paymentAttempts)
      .set({ status: 'refunded', providerTradeNo: report.tradeNo, finishedAt: now })
      .where(eq(paymentAttempts.id, attempt.id));
    return { result: 'refunded_late' as const, amountFen: attempt.amountFen };
  });
  if (outcome.result === 'refunded_late') {
    const refund = await ctx.provider.refund({
      merchantOrderNo: merchantNo,
      merchantRefundNo: `L${merchantNo}`,
      amountFen: outcome.amountFen,
      reason: '订单已关闭，迟到的支付原路退回',
    });
    if (refund.state !== 'refunded')
      ctx.log.error(
        { merchantNo, reason: refund.reason },
        'refund of a late payment failed: staff must refund by hand',
      );
  }
  return outcome.result;
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
): Promise<{ accepted: boolean; result: SettlementResult | 'bad_signature' }> {
  const notification = ctx.provider.verifyNotification(body, headers);
  let result: SettlementResult | 'bad_signature';
  if (!notification) result = 'bad_signature';
  else if (notification.outcome === 'paid') {
    result = await settlePaid(ctx, notification.merchantOrderNo, {
      tradeNo: notification.providerTradeNo,
      amountFen: notification.amountFen,
      occurredAt: notification.occurredAt,
    });
  } else result = await settleFailed(ctx, notification.merchantOrderNo, notification.amountFen);
  await ctx.db.insert(paymentNotifications).values({
    provider: ctx.provider.name,
    merchantNo: notification?.merchantOrderNo ?? null,
    providerTradeNo: notification?.providerTradeNo ?? null,
    outcome: notification?.outcome ?? null,
    amountFen: notification?.amountFen ?? null,
    body: body.slice(0, MAX_RECORDED_BODY),
    result,
    receivedAt: ctx.clock.now(),
  });
  return { accepted: result !== 'bad_signature' && result !== 'unknown_order' && result !== 'amount_mismatch', result };
}

/**
 * An unpaid order past its deadline is closed: the provider is asked first (the money may
 * have been taken and the notification lost), then told to close, then asked again (a
 * payment racing the close wins or loses at the provider, exactly once). Returns the order
 * as it is now.
 */
export async function settleIfExpired(ctx: PaymentContext, order: OrderRow): Promise<OrderRow> {
  const { db, clock, provider } = ctx;
  if (order.payStatus !== PAY_STATUS.unpaid || order.payDeadline.getTime() > clock.nowMs()) return order;
  const attempt = await newestAttemptOf(db, order.id);
  if (attempt && attempt.status === 'open') {
    let state = await provider.query(attempt.merchantNo);
    if (state.state !== 'paid') {
      // Also when the gateway already reports it closed by time: closing is idempotent, and
      // the gateway's own record must not stay payable.
      await provider.close(attempt.merchantNo);
      state = await provider.query(attempt.merchantNo);
    }
    if (state.state === 'paid') {
      // The gateway took it before closing: in time by its own word.
      await settlePaid(ctx, attempt.merchantNo, {
        tradeNo: state.providerTradeNo,
        amountFen: state.amountFen,
        occurredAt: attempt.expiresAt,
      });
      return readOrder(db, order.id);
    }
    await db
      .update(paymentAttempts)
      .set({ status: 'closed', finishedAt: clock.now() })
      .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'open')));
  }
  await transitionOrder(db, order, 'payment_expired', clock.now());
  return readOrder(db, order.id);
}

/** Closes the open attempts of orders that are being cancelled or superseded (after their rows changed). */
export async function closeOpenAttempts(ctx: PaymentContext, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const open = await ctx.db
    .select()
    .from(paymentAttempts)
    .where(and(inArray(paymentAttempts.orderId, [...orderIds]), eq(paymentAttempts.status, 'open')));
  for (const attempt of open) {
    await ctx.provider.close(attempt.merchantNo);
    await ctx.db
      .update(paymentAttempts)
      .set({ status: 'closed', finishedAt: ctx.clock.now() })
      .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'open')));
  }
}

const SWEEP_BATCH = 50;

/**
 * Closes unpaid orders whose deadline has passed, a batch at a time: the periodic sweep of
 * a running server, and what a listing of orders (the order table) may call before reading.
 * `learnerId` limits it to one learner's orders.
 */
export async function settleExpiredOrders(ctx: PaymentContext, learnerId?: number): Promise<number> {
  const due = await ctx.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.payStatus, PAY_STATUS.unpaid),
        lte(orders.payDeadline, ctx.clock.now()),
        learnerId === undefined ? undefined : eq(orders.learnerId, learnerId),
      ),
    )
    .limit(SWEEP_BATCH);
  for (const order of due) await settleIfExpired(ctx, order);
  return due.length;
}

/** Payment's side of the order lifecycle (`orders/order-payments.ts`), for the order table's routes. */
export function orderPaymentsOf(ctx: PaymentContext): OrderPayments {
  return {
    settleExpired: async (learnerId) => {
      await settleExpiredOrders(ctx, learnerId);
    },
    closeOpenAttempts: (orderIds) => closeOpenAttempts(ctx, orderIds),
  };
}
