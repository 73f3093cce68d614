import { and, eq } from 'drizzle-orm';
import {
  applyOrderEvent,
  payFailureAfter,
  type OrderEvent,
  type OrderState,
  type PayStatus,
  type ReceiptStatus,
  type RefundStatus,
} from '@yaoshi/contracts/order-states';
import type { Database } from '../db/database';
import { orders } from './orders-schema';

export type OrderRow = typeof orders.$inferSelect;

export function orderStateOf(order: Pick<OrderRow, 'payStatus' | 'refundStatus' | 'receiptStatus'>): OrderState {
  return {
    pay_status: order.payStatus as PayStatus,
    refund_status: order.refundStatus as RefundStatus,
    is_receipt: order.receiptStatus as ReceiptStatus,
  };
}

/**
 * Moves `order` by `event` through the one state machine (order-states.ts), with an
 * UPDATE that only matches while the row still holds the state `order` was read in. So two
 * requests racing on one order cannot both move it: the second finds the state changed
 * (PostgreSQL re-checks the WHERE after the first commits) and gets null, and the caller,
 * inside its transaction, refuses and rolls back whatever it wrote with it.
 *
 * Returns the new state, or null when the table refuses the event or the order moved meanwhile.
 */
export async function transitionOrder(
  db: Database,
  order: OrderRow,
  event: OrderEvent,
  now: Date,
  extra: Partial<Pick<typeof orders.$inferInsert, 'paidAt' | 'payDeadline' | 'payType'>> = {},
): Promise<OrderState | null> {
  const from = orderStateOf(order);
  const to = applyOrderEvent(from, event);
  if (to === null) return null;
  const payFailure = payFailureAfter(event);
  const moved = await db
    .update(orders)
    .set({
      payStatus: to.pay_status,
      refundStatus: to.refund_status,
      receiptStatus: to.is_receipt,
      ...(payFailure === undefined ? {} : { payFailure }),
      updatedAt: now,
      ...extra,
    })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.payStatus, from.pay_status),
        eq(orders.refundStatus, from.refund_status),
        eq(orders.receiptStatus, from.is_receipt),
      ),
    )
    .returning({ id: orders.id });
  return moved.length === 1 ? to : null;
}

/** The order with this number if it is this learner's; another learner's order is as good as absent. */
export async function findLearnerOrder(db: Database, learnerId: number, orderNo: string): Promise<OrderRow | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.learnerId, learnerId)))
    .limit(1);
  return order ?? null;
}

export async function findOrderByNo(db: Database, orderNo: string): Promise<OrderRow | null> {
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  return order ?? null;
}
