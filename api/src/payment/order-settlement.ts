import type { OrderPayments } from '../orders/order-payments';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { PAY_STATUS } from '@yaoshi/contracts/order-states';
import { orders } from '../orders/orders-schema';
import { paymentAttempts, paymentRefunds } from './payment-schema';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { jobActor, learnerActorOf, writeAudit } from '../audit/audit-log';
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

import {
  LATE_REFUND_RETRY_MS,
  ORDER_EXPIRY_JOB,
  type PaymentContext,
  closeOpenAttempts,
  newestAttemptOf,
  readOrder,
  sendLateRefund,
  settleAndCloseAttempt,
  settlePaid,
} from './payments';

/**
 * Orders that are not paid yet, settled whenever they are read or paid and by the timed job: past the deadline closed (the gateway asked first, a lost notification caught), paid at the gateway recognised, pending attempts reconciled, and the order payments the order routes use.
 */
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
    let state;
    try {
      state = await provider.query(attempt.merchantNo);
      if (state.state !== 'paid') {
        // Also when the gateway already reports it closed by time: closing is idempotent, and
        // the gateway's own record must not stay payable.
        await provider.close(attempt.merchantNo);
        state = await provider.query(attempt.merchantNo);
      }
    } catch (error) {
      // The gateway cannot be reached: the order stays as it is until it can (the sweep retries).
      ctx.log.warn(
        { err: error, merchantNo: attempt.merchantNo },
        'could not settle an expired payment at the gateway',
      );
      return order;
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
  }
  await db.transaction(async (tx) => {
    const closed = attempt
      ? await tx
          .update(paymentAttempts)
          .set({ status: 'closed', finishedAt: clock.now() })
          .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'open')))
          .returning({ id: paymentAttempts.id })
      : [];
    const expired = await transitionOrder(tx, order, 'payment_expired', clock.now());
    if (closed.length === 0 && expired === null) return;
    await writeAudit(tx, clock, jobActor(ORDER_EXPIRY_JOB), {
      action: 'order.expire',
      target: order.orderNo,
      before: { pay_status: order.payStatus, ...(closed.length > 0 ? { attempt: 'open' } : {}) },
      after: {
        pay_status: expired?.pay_status ?? order.payStatus,
        ...(closed.length > 0 ? { attempt: 'closed', merchant_no: attempt?.merchantNo } : {}),
      },
    });
  });
  return readOrder(db, order.id);
}

/** A payer still waiting this long after opening the payment has their gateway asked. */
export const NOTIFICATION_GRACE_MS = 5 * 1000;
/** At most one question to the gateway per attempt in this time, across every server. */
export const GATEWAY_QUERY_INTERVAL_MS = 10 * 1000;

/**
 * A payer waiting on the pay page for an unpaid order whose notification is late: the
 * gateway is asked (its "query order" call), as WeChat Pay and Alipay tell merchants to do,
 * and a payment it reports is settled exactly as its notification would be. A notification
 * can be lost for good: a server can die after the payer paid and before the gateway's
 * notice reached it. The question is claimed in the database, so several servers and
 * polling pages ask once per `GATEWAY_QUERY_INTERVAL_MS`; each question is audited as the
 * learner's (`ip` their address). Returns the order as it is now.
 */
export async function settleIfPaidAtGateway(ctx: PaymentContext, order: OrderRow, ip: string): Promise<OrderRow> {
  const { db, clock, provider } = ctx;
  if (order.payStatus !== PAY_STATUS.unpaid || order.payDeadline.getTime() <= clock.nowMs()) return order;
  const now = clock.nowMs();
  const attempt = await newestAttemptOf(db, order.id);
  if (!attempt || attempt.status !== 'open' || attempt.createdAt.getTime() > now - NOTIFICATION_GRACE_MS) return order;
  // The claim is a change of the attempt, so it is audited with it: the learner's waiting
  // page asked the gateway (a staff member tracing a payment sees when it was asked).
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(paymentAttempts)
      .set({ queriedAt: new Date(now) })
      .where(
        and(
          eq(paymentAttempts.id, attempt.id),
          eq(paymentAttempts.status, 'open'),
          or(
            isNull(paymentAttempts.queriedAt),
            lte(paymentAttempts.queriedAt, new Date(now - GATEWAY_QUERY_INTERVAL_MS)),
          ),
        ),
      )
      .returning({ id: paymentAttempts.id });
    if (rows.length > 0)
      await writeAudit(tx, clock, await learnerActorOf(tx, order.learnerId, ip), {
        action: 'payment.query',
        target: order.orderNo,
        before: { queried_at: attempt.queriedAt ? formatBeijingTime(attempt.queriedAt) : null },
        after: { merchant_no: attempt.merchantNo, queried_at: formatBeijingTime(new Date(now)) },
      });
    return rows;
  });
  if (claimed.length === 0) return order;
  let state;
  try {
    state = await provider.query(attempt.merchantNo);
  } catch (error) {
    // The gateway cannot be reached: its notification or the next question will tell.
    ctx.log.warn({ err: error, merchantNo: attempt.merchantNo }, 'could not ask the gateway about a waiting payment');
    return order;
  }
  if (state.state !== 'paid') return order;
  await settlePaid(ctx, attempt.merchantNo, {
    tradeNo: state.providerTradeNo,
    amountFen: state.amountFen,
    // Asked before the deadline: the gateway took it in time.
    occurredAt: new Date(Math.min(now, attempt.expiresAt.getTime())),
  });
  return readOrder(db, order.id);
}

/**
 * The reconciliation job: every attempt still open past its deadline is settled from its
 * gateway's answer (an order whose newest attempt it is goes through `settleIfExpired`, so
 * it also expires), and late refunds the gateway did not answer are sent again.
 */
export async function reconcilePendingAttempts(ctx: PaymentContext): Promise<number> {
  const { db, clock } = ctx;
  const due = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.status, 'open'), lte(paymentAttempts.expiresAt, clock.now())))
    .orderBy(paymentAttempts.id)
    .limit(SWEEP_BATCH);
  for (const attempt of due) {
    try {
      const order = await readOrder(db, attempt.orderId);
      const newest = await newestAttemptOf(db, order.id);
      if (newest?.id === attempt.id && order.payStatus === PAY_STATUS.unpaid) await settleIfExpired(ctx, order);
      else await settleAndCloseAttempt(ctx, attempt);
    } catch (error) {
      ctx.log.warn({ err: error, merchantNo: attempt.merchantNo }, 'could not reconcile a pending payment attempt');
    }
  }
  const unanswered = await db
    .select({ merchantRefundNo: paymentRefunds.merchantRefundNo })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.state, 'sending'),
        lte(paymentRefunds.updatedAt, new Date(clock.nowMs() - LATE_REFUND_RETRY_MS)),
      ),
    )
    .limit(SWEEP_BATCH);
  for (const refund of unanswered) await sendLateRefund(ctx, refund.merchantRefundNo);
  return due.length;
}

export const SWEEP_BATCH = 50;

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
