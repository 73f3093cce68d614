import { count, desc, eq } from 'drizzle-orm';
import type { RefundQueueRow } from '@yaoshi/contracts/finance-admin';
import {
  PAY_STATUS_TEXT,
  RECEIPT_STATUS_TEXT,
  REFUND_STATUS_TEXT,
  type OrderState,
} from '@yaoshi/contracts/order-states';
import type { Clock } from '../clock';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import type { Database } from '../db/database';
import { conflict, notFound, type ApiError } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import { learners } from '../accounts/accounts-schema';
import type { AuditActor } from '../audit/audit-log';
import { orders } from '../orders/orders-schema';
import type { PaymentProvider } from '../payment/payment-provider';
import { approveRefund, completeRefund, rejectRefund, type RefundOutcome } from '../refunds/refund-processing';
import { refundRequests } from '../refunds/refunds-schema';
import type { PersonalView } from '../auth/personal-view';

/**
 * 财务's refund queue (issue 18). Decisions go through the same service functions as
 * `npm run admin -- refund approve|reject` (refunds/refund-processing.ts): the approval is
 * committed — with its audit record, which the service writes — before the gateway is asked, and the order moves
 * through the state machine's conditional update, so ten approvals at once send one refund.
 */

export async function refundQueue(
  db: Database,
  page: number,
  size: number,
  status: RefundQueueRow['status'] | undefined,
  view: PersonalView,
) {
  const where = status ? eq(refundRequests.status, status) : undefined;
  const [total] = await db.select({ n: count() }).from(refundRequests).where(where);
  const rows = await db
    .select({ request: refundRequests, order: orders, learner: learners })
    .from(refundRequests)
    .innerJoin(orders, eq(orders.id, refundRequests.orderId))
    .innerJoin(learners, eq(learners.id, refundRequests.learnerId))
    .where(where)
    .orderBy(desc(refundRequests.createdAt), desc(refundRequests.id))
    .limit(size)
    .offset((page - 1) * size);
  const list: RefundQueueRow[] = rows.map(({ request, order, learner }) => ({
    order_no: order.orderNo,
    order_name: order.orderName,
    year: order.year,
    learner_name: learner.name,
    id_number: view.idNumber(learner.idNumber),
    amount: request.amountFen / 100,
    reason: request.reason,
    status: request.status,
    failure_reason: request.failureReason,
    requested_at: formatBeijingTime(request.createdAt),
    decided_at: request.decidedAt ? formatBeijingTime(request.decidedAt) : null,
  }));
  return { total: Number(total?.n ?? 0), list };
}

function stateText(state: OrderState): string {
  return `${PAY_STATUS_TEXT[state.pay_status]}，${REFUND_STATUS_TEXT[state.refund_status]}，${RECEIPT_STATUS_TEXT[state.is_receipt]}`;
}

function refusal(outcome: RefundOutcome): ApiError | null {
  if (outcome.kind === 'no-such-order') return notFound(MESSAGES.orderNotFound);
  if (outcome.kind === 'wrong-state') return conflict(MESSAGES.refundNotUnderReview(stateText(outcome.state)));
  return null;
}

export async function approveRefundAsStaff(
  db: Database,
  clock: Clock,
  provider: PaymentProvider,
  actor: AuditActor,
  orderNo: string,
) {
  return answerOf(await approveRefund(db, clock, provider, actor, orderNo), '已通过审核，');
}

/**
 * 再次查询: a refund left 退款中 is sent again with the same refund number (the gateway refunds
 * it once, and a refund it already made is answered with its refund number); the answer is
 * recorded and audited (`refund.complete`) by the service.
 */
export async function requeryRefundAsStaff(
  db: Database,
  clock: Clock,
  provider: PaymentProvider,
  actor: AuditActor,
  orderNo: string,
) {
  const outcome = await completeRefund(db, clock, provider, actor, orderNo);
  if (outcome.kind === 'wrong-state') throw conflict(MESSAGES.refundNotRefunding(stateText(outcome.state)));
  return answerOf(outcome, '');
}

function answerOf(outcome: RefundOutcome, approvedPrefix: string) {
  const refused = refusal(outcome);
  if (refused) throw refused;
  switch (outcome.kind) {
    case 'refunded':
      return {
        outcome: 'refunded' as const,
        message: `已退款（渠道退款号 ${outcome.providerRefundNo}），撤销课程 ${outcome.withdrawnEnrolments} 门`,
      };
    case 'refund-failed':
      return { outcome: 'refund-failed' as const, message: `支付渠道拒绝退款：${outcome.reason}（学员可重新申请）` };
    case 'provider-unreachable':
      return {
        outcome: 'provider-unreachable' as const,
        message: `${approvedPrefix}支付渠道暂未确认结果，请稍后在退款中列表再次查询`,
      };
    default:
      throw new Error(`unexpected refund outcome ${outcome.kind}`);
  }
}

export async function rejectRefundAsStaff(
  db: Database,
  clock: Clock,
  actor: AuditActor,
  orderNo: string,
  reason: string,
): Promise<void> {
  const outcome = await rejectRefund(db, clock, actor, orderNo, reason);
  const refused = refusal(outcome);
  if (refused) throw refused;
}
