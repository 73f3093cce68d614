import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { enrolments, orders } from '../orders/orders-schema';
import { paymentAttempts } from '../payment/payment-schema';
import { refundRequests } from './refunds-schema';
import { findOrderByNo, orderStateOf, transitionOrder, type OrderRow } from '../orders/order-transitions';
import type { OrderState } from '@yaoshi/contracts/order-states';
import type { PaymentProvider } from '../payment/payment-provider';
import { gatewayActor, writeAudit, type AuditActor } from '../audit/audit-log';
import { queueRefundMail } from '../mail/mail-queue';
import { merchantRefundNoOf } from './refund-requests';

/**
 * Association staff's side of a refund, from the console's 财务 queue (finance/refund-queue.ts)
 * and from `npm run admin -- refund approve|reject|done <order>`:
 *
 *   under review (1) ─approve→ refunding (2) ─provider refunds→ refunded (order 5, refund 3)
 *                    │                       └provider refuses→ failed (4)
 *                    └reject──→ failed (4)
 *
 * Approval is committed before the provider is asked, so two staff approving at once
 * send one refund; the provider call is outside any transaction (never hold a database
 * transaction open across a network call). If the provider cannot be reached the refund
 * stays "refunding", and `done` asks again with the same refund number, which the
 * provider refunds once. The refunded state, the request row and the withdrawal of the
 * order's enrolments are written in one transaction.
 *
 * Every decision names who takes it (`actor`: a staff member, or COMMAND_LINE_ACTOR) and
 * writes its audit record in the transaction of the change, so no caller can skip it.
 */

export type RefundRequestRow = typeof refundRequests.$inferSelect;

export type RefundOutcome =
  | { kind: 'no-such-order' }
  | { kind: 'wrong-state'; state: OrderState }
  | { kind: 'rejected' }
  | { kind: 'refunded'; providerRefundNo: string; withdrawnEnrolments: number }
  | { kind: 'refund-failed'; reason: string }
  | { kind: 'provider-unreachable'; error: string };

async function openRequestOf(
  db: Database,
  orderId: number,
  status: 'reviewing' | 'refunding',
): Promise<RefundRequestRow | null> {
  const [request] = await db
    .select()
    .from(refundRequests)
    .where(and(eq(refundRequests.orderId, orderId), eq(refundRequests.status, status)))
    .limit(1);
  return request ?? null;
}

/** The merchant number the gateway knows the payment by: that of the order's paid attempt. */
export async function paidMerchantOrderNoOf(db: Database, order: OrderRow): Promise<string> {
  // The gateway knows the payment by the merchant number of the attempt that was paid
  // (api/src/payment/payments.ts); an order paid outside the gateway has none.
  const [paid] = await db
    .select({ merchantNo: paymentAttempts.merchantNo })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, order.id), eq(paymentAttempts.status, 'paid')))
    .limit(1);
  return paid?.merchantNo ?? order.orderNo;
}

export async function rejectRefund(
  db: Database,
  clock: Clock,
  actor: AuditActor,
  orderNo: string,
  reason: string,
): Promise<RefundOutcome> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const order = await findOrderByNo(tx, orderNo);
    if (order === null) return { kind: 'no-such-order' } as const;
    const request = await openRequestOf(tx, order.id, 'reviewing');
    if (request === null || (await transitionOrder(tx, order, 'refund_rejected', now)) === null) {
      return { kind: 'wrong-state', state: orderStateOf(order) } as const;
    }
    await tx
      .update(refundRequests)
      .set({ status: 'rejected', failureReason: reason, decidedAt: now, updatedAt: now })
      .where(eq(refundRequests.id, request.id));
    await tx.update(orders).set({ refundNote: reason }).where(eq(orders.id, order.id));
    await writeAudit(tx, clock, actor, {
      action: 'refund.reject',
      target: order.orderNo,
      before: { refund_status: order.refundStatus, request: request.status },
      after: { request: 'rejected', reason },
    });
    await queueRefundMail(tx, clock, actor, request.id, 'rejected', reason); // issue 37: the result, mailed
    return { kind: 'rejected' } as const;
  });
}

export async function approveRefund(
  db: Database,
  clock: Clock,
  provider: PaymentProvider,
  actor: AuditActor,
  orderNo: string,
): Promise<RefundOutcome> {
  const approved = await db.transaction(async (tx) => {
    const now = clock.now();
    const order = await findOrderByNo(tx, orderNo);
    if (order === null) return { kind: 'no-such-order' } as const;
    const request = await openRequestOf(tx, order.id, 'reviewing');
    if (request === null || (await transitionOrder(tx, order, 'refund_approved', now)) === null) {
      return { kind: 'wrong-state', state: orderStateOf(order) } as const;
    }
    await tx
      .update(refundRequests)
      .set({ status: 'refunding', decidedAt: now, updatedAt: now })
      .where(eq(refundRequests.id, request.id));
    await writeAudit(tx, clock, actor, {
      action: 'refund.approve',
      target: order.orderNo,
      before: { refund_status: order.refundStatus, request: request.status },
      after: { request: 'refunding' },
    });
    return { kind: 'approved', order, request } as const;
  });
  if (approved.kind !== 'approved') return approved;
  // The approval is the audited decision; the gateway's answer is recorded under its name.
  return sendRefund(db, clock, provider, approved.order.orderNo, approved.request, null);
}

/**
 * `refund done`: finishes an approved refund left "refunding" (the provider was unreachable);
 * the outcome it records is audited as `refund.complete`.
 */
export async function completeRefund(
  db: Database,
  clock: Clock,
  provider: PaymentProvider,
  actor: AuditActor,
  orderNo: string,
): Promise<RefundOutcome> {
  const order = await findOrderByNo(db, orderNo);
  if (order === null) return { kind: 'no-such-order' };
  const request = await openRequestOf(db, order.id, 'refunding');
  if (request === null) return { kind: 'wrong-state', state: orderStateOf(order) };
  return sendRefund(db, clock, provider, orderNo, request, actor);
}

/**
 * `actor`: who asked for the outcome to be recorded (`refund done`: refund.complete); null
 * right after an approval, when the outcome is the gateway's answer (refund.outcome, named by
 * the gateway). Either way the outcome is in the trail: 已退款 with the channel's refund
 * number, or 退款失败 with the channel's reason.
 */
export async function sendRefund(
  db: Database,
  clock: Clock,
  provider: PaymentProvider,
  orderNo: string,
  request: RefundRequestRow,
  actor: AuditActor | null,
): Promise<RefundOutcome> {
  const order = await findOrderByNo(db, orderNo);
  if (order === null) return { kind: 'no-such-order' };
  let result;
  try {
    result = await provider.refund({
      merchantOrderNo: await paidMerchantOrderNoOf(db, order),
      merchantRefundNo: merchantRefundNoOf(order, request.id),
      amountFen: request.amountFen,
      reason: request.reason,
    });
  } catch (error) {
    return { kind: 'provider-unreachable', error: error instanceof Error ? error.message : String(error) };
  }
  return db.transaction(async (tx) => {
    const now = clock.now();
    // Read again inside the transaction: the state this move is conditional on.
    const current = await findOrderByNo(tx, orderNo);
    if (current === null) return { kind: 'no-such-order' } as const;
    const merchantRefundNo = merchantRefundNoOf(current, request.id);
    const audit = async (after: Record<string, unknown>) => {
      await writeAudit(tx, clock, actor ?? gatewayActor(provider.name), {
        action: actor ? 'refund.complete' : 'refund.outcome',
        target: current.orderNo,
        before: { refund_status: current.refundStatus, request: 'refunding' },
        after: { merchant_refund_no: merchantRefundNo, ...after },
      });
    };
    if (result.state === 'failed') {
      if ((await transitionOrder(tx, current, 'refund_failed', now)) === null)
        return { kind: 'wrong-state', state: orderStateOf(current) } as const;
      await tx
        .update(refundRequests)
        .set({ status: 'failed', failureReason: result.reason, completedAt: now, updatedAt: now })
        .where(eq(refundRequests.id, request.id));
      await tx.update(orders).set({ refundNote: result.reason }).where(eq(orders.id, current.id));
      await audit({ request: 'failed', outcome: '退款失败', reason: result.reason });
      await queueRefundMail(tx, clock, actor ?? gatewayActor(provider.name), request.id, 'failed', result.reason);
      return { kind: 'refund-failed', reason: result.reason } as const;
    }
    if ((await transitionOrder(tx, current, 'refund_completed', now)) === null)
      return { kind: 'wrong-state', state: orderStateOf(current) } as const;
    await tx
      .update(refundRequests)
      .set({ status: 'refunded', providerRefundNo: result.providerRefundNo, completedAt: now, updatedAt: now })
      .where(eq(refundRequests.id, request.id));
    const withdrawn = await withdrawOrderEnrolments(tx, current.id, now);
    await audit({
      request: 'refunded',
      outcome: '已退款',
      provider_refund_no: result.providerRefundNo,
      withdrawn_enrolments: withdrawn,
    });
    await queueRefundMail(tx, clock, actor ?? gatewayActor(provider.name), request.id, 'refunded', null);
    return { kind: 'refunded', providerRefundNo: result.providerRefundNo, withdrawnEnrolments: withdrawn } as const;
  });
}

/** A refunded order's courses are no longer the learner's to study (kept, marked withdrawn). */
export async function withdrawOrderEnrolments(db: Database, orderId: number, now: Date): Promise<number> {
  const rows = await db
    .update(enrolments)
    .set({ withdrawnAt: now })
    .where(and(eq(enrolments.orderId, orderId), isNull(enrolments.withdrawnAt)))
    .returning({ id: enrolments.id });
  return rows.length;
}
