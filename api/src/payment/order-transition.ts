import { and, eq } from 'drizzle-orm';
import { applyOrderEvent, type OrderEvent, type OrderState, type PayStatus, type ReceiptStatus, type RefundStatus } from '@yaoshi/contracts/order-states';
import type { Database } from '../db/database';
import { orders } from '../db/schema';

type OrderRow = typeof orders.$inferSelect;

export function orderStateOf(order: Pick<OrderRow, 'payStatus' | 'refundStatus' | 'receiptStatus'>): OrderState {
  return {
    pay_status: order.payStatus as PayStatus,
    refund_status: order.refundStatus as RefundStatus,
    is_receipt: order.receiptStatus as ReceiptStatus,
  };
}

/**
 * Applies one event of the order state machine (`@yaoshi/contracts/order-states`, the only
 * copy of its rules) and writes the result with an UPDATE conditional on the state it was
 * computed from. Two concurrent callers can both compute the same transition, but only one
 * UPDATE matches the old state: the other gets false and changes nothing. `also` sets other
 * columns in the same statement (paid_at, pay_deadline …).
 */
export async function transitionOrder(
  db: Database,
  order: Pick<OrderRow, 'id' | 'payStatus' | 'refundStatus' | 'receiptStatus'>,
  event: OrderEvent,
  now: Date,
  also: Partial<Pick<OrderRow, 'paidAt' | 'payDeadline' | 'payType'>> = {},
): Promise<boolean> {
  const next = applyOrderEvent(orderStateOf(order), event);
  if (next === null) return false;
  const changed = await db
    .update(orders)
    .set({ payStatus: next.pay_status, refundStatus: next.refund_status, receiptStatus: next.is_receipt, updatedAt: now, ...also })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.payStatus, order.payStatus),
        eq(orders.refundStatus, order.refundStatus),
        eq(orders.receiptStatus, order.receiptStatus),
      ),
    )
    .returning({ id: orders.id });
  return changed.length === 1;
}
