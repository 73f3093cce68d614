import { desc, eq } from 'drizzle-orm';
import type { OrderRow as OrderTableRow } from '@yaoshi/contracts/orders';
import {
  PAY_STATUS,
  REFUND_STATUS,
  orderActionsOf,
  type PayFailure,
  type RefundConditions,
} from '@yaoshi/contracts/order-states';
import { isWithinRefundWindow } from '@yaoshi/contracts/refund-window';
import type { Clock } from '../clock';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import type { Database } from '../db/database';
import { orders } from './orders-schema';
import { conflict, notFound } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import type { OrderLearning } from './order-learning';
import { cancelRefusal } from './order-refusals';
import { findLearnerOrder, orderStateOf, transitionOrder, type OrderRow } from './order-transitions';

/** Fen to yuan for the order table: 18000 → 180, 1 → 0.01. */
export function yuanOf(fen: number): number {
  return Math.round(fen) / 100;
}

/** An order's row of the table; `conditions` are the refund facts only the server knows. */
export function orderRowOf(order: OrderRow, conditions: RefundConditions): OrderTableRow {
  const state = orderStateOf(order);
  return {
    order_id: order.orderNo,
    order_name: order.orderName,
    year: order.year,
    price: yuanOf(order.priceFen),
    pay_type: order.payType,
    ...state,
    pay_failure: state.pay_status === PAY_STATUS.failed ? ((order.payFailure as PayFailure | null) ?? null) : null,
    education_type: order.educationType,
    create_time: formatBeijingTime(order.createdAt),
    ...(order.refundStatus === REFUND_STATUS.failed && order.refundNote ? { refund_note: order.refundNote } : {}),
    actions: orderActionsOf(state, conditions),
  };
}

/** The learner's orders, newest first (spec 02 §7 myOrders), each with the actions it allows now. */
export async function listLearnerOrders(
  db: Database,
  clock: Clock,
  learning: OrderLearning,
  learnerId: number,
): Promise<OrderTableRow[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.learnerId, learnerId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const paid = rows.filter((order) => order.payStatus === PAY_STATUS.paid).map((order) => order.id);
  const begun = await learning.ordersWithLearningBegun(paid);
  const now = clock.now();
  return rows.map((order) =>
    orderRowOf(order, {
      withinRefundWindow: isWithinRefundWindow(order.paidAt, now),
      learningBegun: begun.has(order.id),
    }),
  );
}

/**
 * cancelOrder: an unpaid or failed order of this learner becomes cancelled (spec 02 §4).
 * Anything else is refused with the reason and changes nothing. Returns the order's id.
 */
export async function cancelLearnerOrder(
  db: Database,
  clock: Clock,
  learnerId: number,
  orderNo: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const order = await findLearnerOrder(tx, learnerId, orderNo);
    if (order === null) throw notFound(MESSAGES.orderNotFound);
    const refusal = cancelRefusal(orderStateOf(order));
    if (refusal !== null) throw conflict(refusal);
    if ((await transitionOrder(tx, order, 'cancel', clock.now())) === null) {
      // Moved between our read and our update (paid or cancelled meanwhile): say what it is now.
      const now = await findLearnerOrder(tx, learnerId, orderNo);
      throw conflict((now && cancelRefusal(orderStateOf(now))) ?? MESSAGES.orderAlreadyCancelled);
    }
    return order.id;
  });
}
