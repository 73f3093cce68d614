import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { refundRequests } from './refunds-schema';
import { badInput, conflict, notFound } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import { refundRefusal } from '../orders/order-refusals';
import { findLearnerOrder, orderStateOf, transitionOrder, type OrderRow } from '../orders/order-transitions';
import { refundBlockOf } from '@yaoshi/contracts/order-states';
import { learningHasBegun } from '../study/learning-begun';
import { isWithinRefundWindow } from '@yaoshi/contracts/refund-window';

/** Our refund number at the provider for one refund request: stable, so a retry refunds once. */
export function merchantRefundNoOf(order: Pick<OrderRow, 'orderNo'>, requestId: number): string {
  return `${order.orderNo}R${requestId}`;
}

/**
 * requestRefund (spec 02 §4, §5; spec 01 §4): a paid order of this learner, with no invoice
 * ever requested and no refund under way or done, paid at most a month ago and not yet
 * studied, gets a refund request under review. The order's move and the request row are
 * one transaction; the move only matches the state it was read in, so of two simultaneous
 * submissions one wins and the other is refused.
 */
export async function requestRefund(
  db: Database,
  clock: Clock,
  learnerId: number,
  orderNo: string,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const now = clock.now();
    const order = await findLearnerOrder(tx, learnerId, orderNo);
    if (order === null) throw notFound(MESSAGES.orderNotFound);
    const refusal = refundRefusal(orderStateOf(order));
    if (refusal !== null) throw conflict(refusal);
    // The same rule that decides whether the order table offers 申请退款 (orderActionsOf).
    const block = refundBlockOf({
      withinRefundWindow: isWithinRefundWindow(order.paidAt, now),
      learningBegun: await learningHasBegun(tx, order.id),
    });
    if (block === 'window_passed') throw badInput(MESSAGES.refundWindowPassed);
    if (block === 'learning_begun') throw badInput(MESSAGES.learningBegunNoRefund);

    if ((await transitionOrder(tx, order, 'request_refund', now)) === null) throw conflict(MESSAGES.refundInProgress);
    await tx
      .insert(refundRequests)
      .values({ orderId: order.id, learnerId, reason, amountFen: order.priceFen, createdAt: now, updatedAt: now });
  });
}
