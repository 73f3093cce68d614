/**
 * The order state machine of spec 02 §4, written once: the server applies it to every
 * change of an order, and the order table derives the actions it offers from it. An order's
 * state is its three status numbers; an event either has a row in `TRANSITIONS` whose guard
 * accepts the state, or it is refused and nothing changes.
 *
 * Rules that depend on more than the three numbers (the one-month refund window, learning
 * already begun) are checked by the server beside this table; they can only refuse more.
 */

export const PAY_STATUS = { unpaid: 1, paid: 2, failed: 3, cancelled: 4, refunded: 5 } as const;
export const REFUND_STATUS = { none: 0, reviewing: 1, refunding: 2, refunded: 3, failed: 4 } as const;
export const RECEIPT_STATUS = { none: 0, reviewing: 1, issuing: 2, issued: 3, failed: 4 } as const;

export type PayStatus = (typeof PAY_STATUS)[keyof typeof PAY_STATUS];
export type RefundStatus = (typeof REFUND_STATUS)[keyof typeof REFUND_STATUS];
export type ReceiptStatus = (typeof RECEIPT_STATUS)[keyof typeof RECEIPT_STATUS];

/** Field names as the API sends them (spec 02 §3). */
export interface OrderState {
  pay_status: PayStatus;
  refund_status: RefundStatus;
  is_receipt: ReceiptStatus;
}

export const PAY_STATUS_TEXT: Readonly<Record<PayStatus, string>> = {
  1: '待支付',
  2: '已支付',
  3: '支付失败',
  4: '已取消',
  5: '已退款',
};

export const REFUND_STATUS_TEXT: Readonly<Record<RefundStatus, string>> = {
  0: '未申请',
  1: '退款审核中',
  2: '退款中',
  3: '退款完成',
  4: '退款失败',
};

/**
 * Why a failed order (pay_status 3) failed: the payer declined or the gateway refused
 * (`payment_failed`), or nobody paid before the deadline (`payment_expired`). The spec's
 * clients see pay_status 3 either way (repay or cancel); the table words them apart.
 */
export const PAY_FAILURE = { declined: 'declined', expired: 'expired' } as const;
export type PayFailure = (typeof PAY_FAILURE)[keyof typeof PAY_FAILURE];

/** What an event writes into the failure reason: set by the two failures, cleared by a new attempt. */
export function payFailureAfter(event: OrderEvent): PayFailure | null | undefined {
  if (event === 'payment_expired') return PAY_FAILURE.expired;
  if (event === 'payment_failed') return PAY_FAILURE.declined;
  if (event === 'restart_payment') return null;
  return undefined;
}

export const PAY_FAILURE_TEXT: Readonly<Record<PayFailure, string>> = { declined: '支付失败', expired: '已过期' };

/** The pay status in words: a failed order says whether it failed or expired. */
export function payStatusTextOf(order: { pay_status: PayStatus; pay_failure?: PayFailure | null }): string {
  if (order.pay_status === PAY_STATUS.failed && order.pay_failure) return PAY_FAILURE_TEXT[order.pay_failure];
  return PAY_STATUS_TEXT[order.pay_status];
}

export const RECEIPT_STATUS_TEXT: Readonly<Record<ReceiptStatus, string>> = {
  0: '未申请',
  1: '发票审核中',
  2: '发票开具中',
  3: '发票已开具',
  4: '开票失败',
};

export type OrderEvent =
  // The learner, from the order table and the payment page.
  | 'cancel'
  | 'restart_payment'
  | 'request_refund'
  | 'request_invoice'
  // The payment provider (notifications, or the server closing an order after its deadline).
  | 'payment_succeeded'
  | 'payment_failed'
  | 'payment_expired'
  // Association staff (the admin command until an admin side exists) and the provider's refund.
  | 'refund_approved'
  | 'refund_rejected'
  | 'refund_completed'
  | 'refund_failed'
  // Issue 37: staff refund an order whose invoice is issued (after red-lettering it); never the learner.
  | 'staff_refund'
  | 'invoice_issuing'
  | 'invoice_issued'
  | 'invoice_failed';

interface Transition {
  /** Whether the event may happen in this state. */
  from: (state: OrderState) => boolean;
  /** The fields it changes. */
  to: Partial<OrderState>;
}

const isPaid = (state: OrderState) => state.pay_status === PAY_STATUS.paid;
const noRefundInProgress = (state: OrderState) =>
  state.refund_status === REFUND_STATUS.none || state.refund_status === REFUND_STATUS.failed;
const noInvoiceInProgress = (state: OrderState) =>
  state.is_receipt === RECEIPT_STATUS.none || state.is_receipt === RECEIPT_STATUS.failed;

export const TRANSITIONS: Readonly<Record<OrderEvent, Transition>> = {
  cancel: {
    from: (s) => s.pay_status === PAY_STATUS.unpaid || s.pay_status === PAY_STATUS.failed,
    to: { pay_status: PAY_STATUS.cancelled },
  },
  // Repay: a failed order gets a new payment attempt (and a new deadline).
  restart_payment: { from: (s) => s.pay_status === PAY_STATUS.failed, to: { pay_status: PAY_STATUS.unpaid } },
  payment_succeeded: { from: (s) => s.pay_status === PAY_STATUS.unpaid, to: { pay_status: PAY_STATUS.paid } },
  payment_failed: { from: (s) => s.pay_status === PAY_STATUS.unpaid, to: { pay_status: PAY_STATUS.failed } },
  payment_expired: { from: (s) => s.pay_status === PAY_STATUS.unpaid, to: { pay_status: PAY_STATUS.failed } },
  // Spec 02 §4: a refund only when no invoice was ever requested (is_receipt 0), once, or again after a failure.
  request_refund: {
    from: (s) => isPaid(s) && s.is_receipt === RECEIPT_STATUS.none && noRefundInProgress(s),
    to: { refund_status: REFUND_STATUS.reviewing },
  },
  refund_approved: {
    from: (s) => isPaid(s) && s.refund_status === REFUND_STATUS.reviewing,
    to: { refund_status: REFUND_STATUS.refunding },
  },
  refund_rejected: {
    from: (s) => isPaid(s) && s.refund_status === REFUND_STATUS.reviewing,
    to: { refund_status: REFUND_STATUS.failed },
  },
  refund_completed: {
    from: (s) => isPaid(s) && s.refund_status === REFUND_STATUS.refunding,
    to: { refund_status: REFUND_STATUS.refunded, pay_status: PAY_STATUS.refunded },
  },
  refund_failed: {
    from: (s) => isPaid(s) && s.refund_status === REFUND_STATUS.refunding,
    to: { refund_status: REFUND_STATUS.failed },
  },
  // Issue 37: the learner may not (spec 02 §4), but staff may refund after an issued invoice
  // (a court order, a duplicate payment), once it is red-lettered.
  staff_refund: {
    from: (s) => isPaid(s) && s.is_receipt === RECEIPT_STATUS.issued && noRefundInProgress(s),
    to: { refund_status: REFUND_STATUS.refunding },
  },
  // Spec 02 §4: an invoice when no refund is in progress or done, once, or again after a failure.
  request_invoice: {
    from: (s) => isPaid(s) && noRefundInProgress(s) && noInvoiceInProgress(s),
    to: { is_receipt: RECEIPT_STATUS.reviewing },
  },
  invoice_issuing: {
    from: (s) => isPaid(s) && s.is_receipt === RECEIPT_STATUS.reviewing,
    to: { is_receipt: RECEIPT_STATUS.issuing },
  },
  invoice_issued: {
    from: (s) => isPaid(s) && s.is_receipt === RECEIPT_STATUS.issuing,
    to: { is_receipt: RECEIPT_STATUS.issued },
  },
  invoice_failed: {
    from: (s) => isPaid(s) && (s.is_receipt === RECEIPT_STATUS.reviewing || s.is_receipt === RECEIPT_STATUS.issuing),
    to: { is_receipt: RECEIPT_STATUS.failed },
  },
};

export const ORDER_EVENTS = Object.keys(TRANSITIONS) as OrderEvent[];

export function canApply(state: OrderState, event: OrderEvent): boolean {
  return TRANSITIONS[event].from(state);
}

/** The state after `event`, or null when the table does not allow it. */
export function applyOrderEvent(state: OrderState, event: OrderEvent): OrderState | null {
  const transition = TRANSITIONS[event];
  return transition.from(state) ? { ...state, ...transition.to } : null;
}

/**
 * What the state machine lets the learner do in `state` (spec 02 §4). Repay and continue
 * pay both go to /pay. The table offers `orderActionsOf`, which also applies the refund notes.
 */
export type LearnerOrderAction =
  'continue_pay' | 'repay' | 'cancel' | 'request_refund' | 'rerequest_refund' | 'request_invoice' | 'rerequest_invoice';

export function learnerActionsOf(state: OrderState): LearnerOrderAction[] {
  const actions: LearnerOrderAction[] = [];
  if (state.pay_status === PAY_STATUS.unpaid) actions.push('continue_pay');
  if (canApply(state, 'restart_payment')) actions.push('repay');
  if (canApply(state, 'cancel')) actions.push('cancel');
  if (canApply(state, 'request_refund'))
    actions.push(state.refund_status === REFUND_STATUS.failed ? 'rerequest_refund' : 'request_refund');
  if (canApply(state, 'request_invoice'))
    actions.push(state.is_receipt === RECEIPT_STATUS.failed ? 'rerequest_invoice' : 'request_invoice');
  return actions;
}

/**
 * Spec 01 §4, payment notes: no refund more than a month after payment, or once learning
 * has begun. Only the server knows either (its clock, the learner's progress), so it
 * computes them per order; these are the facts the rule needs beside the three numbers.
 */
export interface RefundConditions {
  /** Still within `REFUND_WINDOW_MONTHS` of the payment (refund-window.ts). */
  withinRefundWindow: boolean;
  /** Any verified progress on a course of the order. */
  learningBegun: boolean;
}

export type RefundBlock = 'window_passed' | 'learning_begun';

/** Which payment note forbids a refund the state machine would allow; null when none does. */
export function refundBlockOf(conditions: RefundConditions): RefundBlock | null {
  if (!conditions.withinRefundWindow) return 'window_passed';
  if (conditions.learningBegun) return 'learning_begun';
  return null;
}

/**
 * The one rule for what the order table offers: the state machine's actions, less a
 * refund the payment notes forbid. The server computes it for every row of /v1/orders
 * (`actions`) and refuses a refund by the same rule; the table shows exactly `actions`.
 */
export function orderActionsOf(state: OrderState, conditions: RefundConditions): LearnerOrderAction[] {
  const refundAllowed = refundBlockOf(conditions) === null;
  return learnerActionsOf(state).filter(
    (action) => refundAllowed || (action !== 'request_refund' && action !== 'rerequest_refund'),
  );
}

/**
 * Every state the table can reach from a new order (unpaid, no refund, no invoice), by a
 * breadth-first walk. Tests and the demo data use it: a state outside this set is a bug.
 */
export function reachableOrderStates(): OrderState[] {
  const key = (s: OrderState) => `${s.pay_status}/${s.refund_status}/${s.is_receipt}`;
  const start: OrderState = {
    pay_status: PAY_STATUS.unpaid,
    refund_status: REFUND_STATUS.none,
    is_receipt: RECEIPT_STATUS.none,
  };
  const seen = new Map<string, OrderState>([[key(start), start]]);
  const queue = [start];
  for (let state = queue.shift(); state; state = queue.shift()) {
    for (const event of ORDER_EVENTS) {
      const next = applyOrderEvent(state, event);
      if (next && !seen.has(key(next))) {
        seen.set(key(next), next);
        queue.push(next);
      }
    }
  }
  return [...seen.values()];
}
