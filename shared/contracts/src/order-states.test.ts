import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ORDER_EVENTS,
  PAY_STATUS_TEXT,
  RECEIPT_STATUS_TEXT,
  REFUND_STATUS_TEXT,
  canApply,
  type LearnerOrderAction,
  type OrderEvent,
  type PayStatus,
  type ReceiptStatus,
  type RefundStatus,
  PAY_STATUS,
  RECEIPT_STATUS,
  REFUND_STATUS,
  applyOrderEvent,
  learnerActionsOf,
  orderActionsOf,
  payFailureAfter,
  payStatusTextOf,
  reachableOrderStates,
  refundBlockOf,
  type OrderState,
} from './order-states';

const state = (pay_status: number, refund_status = 0, is_receipt = 0) =>
  ({ pay_status, refund_status, is_receipt }) as OrderState;

describe('order state machine (spec 02 §4)', () => {
  test('cancel only unpaid or failed orders', () => {
    assert.deepEqual(applyOrderEvent(state(1), 'cancel'), state(4));
    assert.deepEqual(applyOrderEvent(state(3), 'cancel'), state(4));
    for (const pay of [2, 4, 5]) assert.equal(applyOrderEvent(state(pay), 'cancel'), null, `pay_status ${pay}`);
  });

  test('a payment outcome only for an unpaid order; a failed order is paid again after restarting', () => {
    assert.deepEqual(applyOrderEvent(state(1), 'payment_succeeded'), state(2));
    assert.equal(applyOrderEvent(state(2), 'payment_succeeded'), null);
    assert.equal(applyOrderEvent(state(3), 'payment_succeeded'), null);
    assert.equal(applyOrderEvent(state(4), 'payment_succeeded'), null);
    assert.deepEqual(applyOrderEvent(state(3), 'restart_payment'), state(1));
    assert.deepEqual(applyOrderEvent(state(1), 'payment_expired'), state(3));
  });

  test('refund: paid, no invoice ever requested, none in progress; again after a failure', () => {
    assert.deepEqual(applyOrderEvent(state(2), 'request_refund'), state(2, 1));
    assert.deepEqual(applyOrderEvent(state(2, 4), 'request_refund'), state(2, 1));
    for (const refund of [1, 2, 3]) assert.equal(applyOrderEvent(state(2, refund), 'request_refund'), null);
    for (const receipt of [1, 2, 3, 4]) assert.equal(applyOrderEvent(state(2, 0, receipt), 'request_refund'), null);
    assert.equal(applyOrderEvent(state(1), 'request_refund'), null);
    assert.deepEqual(applyOrderEvent(state(2, 2), 'refund_completed'), state(5, 3));
  });

  test('invoice: paid, no refund in progress or done; again after a failure', () => {
    assert.deepEqual(applyOrderEvent(state(2), 'request_invoice'), state(2, 0, 1));
    assert.deepEqual(applyOrderEvent(state(2, 4, 4), 'request_invoice'), state(2, 4, 1));
    for (const refund of [1, 2]) assert.equal(applyOrderEvent(state(2, refund), 'request_invoice'), null);
    assert.equal(applyOrderEvent(state(5, 3), 'request_invoice'), null);
    for (const receipt of [1, 2, 3]) assert.equal(applyOrderEvent(state(2, 0, receipt), 'request_invoice'), null);
  });

  test('the actions the order table offers', () => {
    assert.deepEqual(learnerActionsOf(state(1)), ['continue_pay', 'cancel']);
    assert.deepEqual(learnerActionsOf(state(3)), ['repay', 'cancel']);
    assert.deepEqual(learnerActionsOf(state(2)), ['request_refund', 'request_invoice']);
    assert.deepEqual(learnerActionsOf(state(2, 4)), ['rerequest_refund', 'request_invoice']);
    assert.deepEqual(learnerActionsOf(state(2, 0, 4)), ['rerequest_invoice']);
    assert.deepEqual(learnerActionsOf(state(2, 1)), []);
    assert.deepEqual(learnerActionsOf(state(4)), []);
    assert.deepEqual(learnerActionsOf(state(5, 3)), []);
  });

  test('the table offers no refund a month after payment or once learning has begun (spec 01 §4), and nothing else changes', () => {
    const open = { withinRefundWindow: true, learningBegun: false };
    const late = { withinRefundWindow: false, learningBegun: false };
    const begun = { withinRefundWindow: true, learningBegun: true };
    assert.deepEqual(orderActionsOf(state(2), open), ['request_refund', 'request_invoice']);
    assert.deepEqual(orderActionsOf(state(2), late), ['request_invoice']);
    assert.deepEqual(orderActionsOf(state(2), begun), ['request_invoice']);
    assert.deepEqual(orderActionsOf(state(2, 4), begun), ['request_invoice']);
    assert.deepEqual(orderActionsOf(state(1), late), ['continue_pay', 'cancel']);
    assert.equal(refundBlockOf(open), null);
    assert.equal(refundBlockOf(late), 'window_passed');
    assert.equal(refundBlockOf(begun), 'learning_begun');
  });

  test('a failed order says why: 支付失败 when declined, 已过期 when its deadline passed; a new attempt clears it', () => {
    assert.equal(payStatusTextOf({ pay_status: 3, pay_failure: 'declined' }), '支付失败');
    assert.equal(payStatusTextOf({ pay_status: 3, pay_failure: 'expired' }), '已过期');
    assert.equal(payStatusTextOf({ pay_status: 3, pay_failure: null }), '支付失败');
    assert.equal(payStatusTextOf({ pay_status: 1, pay_failure: null }), '待支付');
    assert.equal(payFailureAfter('payment_expired'), 'expired');
    assert.equal(payFailureAfter('payment_failed'), 'declined');
    assert.equal(payFailureAfter('restart_payment'), null);
    assert.equal(payFailureAfter('cancel'), undefined);
  });

  test('long random walks: every step agrees with an independent reading of spec 02 §4, and no state outside the table is reached', () => {
    const key = (s: OrderState) => `${s.pay_status}/${s.refund_status}/${s.is_receipt}`;
    const reachable = new Set(reachableOrderStates().map(key));
    const visited = new Set<string>();
    const applied = new Set<string>();
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let walk = 0; walk < 300; walk += 1) {
      let current = state(PAY_STATUS.unpaid, REFUND_STATUS.none, RECEIPT_STATUS.none);
      for (let step = 0; step < 300; step += 1) {
        const event = ORDER_EVENTS[Math.floor(random() * ORDER_EVENTS.length)]!;
        const next = applyOrderEvent(current, event);
        const context = `${key(current)} --${event}-->`;
        assert.deepEqual(next, specNext(current, event), context);
        assert.equal(canApply(current, event), next !== null, context);
        assert.deepEqual(new Set(learnerActionsOf(current)), specLearnerActions(current), `actions in ${key(current)}`);
        if (next) {
          applied.add(event);
          current = next;
        }
        visited.add(key(current));
        assert.ok(reachable.has(key(current)), key(current));
        assertSpecInvariants(current);
      }
    }
    // A walk that never reached some state or never fired some event would prove little.
    assert.deepEqual([...visited].sort(), [...reachable].sort());
    assert.deepEqual([...applied].sort(), [...ORDER_EVENTS].sort());
  });

  test('the table and the spec reading agree on every event in every combination of the three numbers, reachable or not', () => {
    for (let pay = 1; pay <= 5; pay += 1)
      for (let refund = 0; refund <= 4; refund += 1)
        for (let receipt = 0; receipt <= 4; receipt += 1) {
          const s = state(pay, refund, receipt);
          for (const event of ORDER_EVENTS)
            assert.deepEqual(applyOrderEvent(s, event), specNext(s, event), `${pay}/${refund}/${receipt} ${event}`);
          assert.deepEqual(new Set(learnerActionsOf(s)), specLearnerActions(s), `${pay}/${refund}/${receipt}`);
        }
  });

  test('status texts name every value', () => {
    for (let pay = 1; pay <= 5; pay += 1) assert.ok(PAY_STATUS_TEXT[pay as PayStatus]);
    for (let value = 0; value <= 4; value += 1) {
      assert.ok(REFUND_STATUS_TEXT[value as RefundStatus]);
      assert.ok(RECEIPT_STATUS_TEXT[value as ReceiptStatus]);
    }
  });
});

// ── Spec 02 §4 read on its own, line by line, without the transition table ─────────────

/**
 * What each event does according to the spec's own lines (and, for the steps the spec
 * leaves to staff and the provider, the order a refund or an invoice is processed in):
 *
 *  pay_status 1 unpaid: continue pay, cancel. 3 payment failed: repay, cancel.
 *  refund_status 0: a refund request is allowed only if is_receipt is 0; 4 failed: re-request.
 *  is_receipt 0: a request is allowed if there is no refund (none, or only a failed one); 4 failed: re-request.
 *  1 under review → 2 refunding / issuing → 3 done / issued; review or processing can fail (4).
 */
function specNext(s: OrderState, event: OrderEvent): OrderState | null {
  const pay = s.pay_status;
  const refund = s.refund_status;
  const receipt = s.is_receipt;
  const paid = pay === 2;
  const noRefund = refund === 0 || refund === 4;
  switch (event) {
    case 'cancel':
      return pay === 1 || pay === 3 ? { ...s, pay_status: 4 } : null;
    case 'restart_payment':
      return pay === 3 ? { ...s, pay_status: 1 } : null;
    case 'payment_succeeded':
      return pay === 1 ? { ...s, pay_status: 2 } : null;
    case 'payment_failed':
    case 'payment_expired':
      return pay === 1 ? { ...s, pay_status: 3 } : null;
    case 'request_refund':
      return paid && receipt === 0 && noRefund ? { ...s, refund_status: 1 } : null;
    case 'refund_approved':
      return paid && refund === 1 ? { ...s, refund_status: 2 } : null;
    case 'refund_rejected':
      return paid && refund === 1 ? { ...s, refund_status: 4 } : null;
    case 'refund_completed':
      return paid && refund === 2 ? { ...s, pay_status: 5, refund_status: 3 } : null;
    case 'refund_failed':
      return paid && refund === 2 ? { ...s, refund_status: 4 } : null;
    case 'staff_refund':
      return paid && receipt === 3 && noRefund ? { ...s, refund_status: 2 } : null;
    case 'request_invoice':
      return paid && noRefund && (receipt === 0 || receipt === 4) ? { ...s, is_receipt: 1 } : null;
    case 'invoice_issuing':
      return paid && receipt === 1 ? { ...s, is_receipt: 2 } : null;
    case 'invoice_issued':
      return paid && receipt === 2 ? { ...s, is_receipt: 3 } : null;
    case 'invoice_failed':
      return paid && (receipt === 1 || receipt === 2) ? { ...s, is_receipt: 4 } : null;
  }
}

/** The buttons spec 02 §4 gives each state. */
function specLearnerActions(s: OrderState): Set<LearnerOrderAction> {
  const { pay_status: pay, refund_status: refund, is_receipt: receipt } = s;
  const actions = new Set<LearnerOrderAction>();
  if (pay === 1) actions.add('continue_pay').add('cancel');
  if (pay === 3) actions.add('repay').add('cancel');
  if (pay === 2 && receipt === 0 && refund === 0) actions.add('request_refund');
  if (pay === 2 && receipt === 0 && refund === 4) actions.add('rerequest_refund');
  if (pay === 2 && (refund === 0 || refund === 4) && receipt === 0) actions.add('request_invoice');
  if (pay === 2 && (refund === 0 || refund === 4) && receipt === 4) actions.add('rerequest_invoice');
  return actions;
}

/** What must hold of any order, whatever happened to it. */
function assertSpecInvariants(s: OrderState): void {
  const text = JSON.stringify(s);
  // Only a paid order has a refund or an invoice; a refunded one has exactly its finished refund.
  if (s.pay_status === 1 || s.pay_status === 3 || s.pay_status === 4)
    assert.ok(s.refund_status === 0 && s.is_receipt === 0, text);
  assert.equal(s.pay_status === 5, s.refund_status === 3, text);
  // A refund and an invoice are never both under way or done.
  const refundActive = s.refund_status === 1 || s.refund_status === 2 || s.refund_status === 3;
  const invoiceActive = s.is_receipt === 1 || s.is_receipt === 2 || s.is_receipt === 3;
  // Issue 37's one exception: staff refund an order whose invoice is issued (red-lettered first).
  const staffRefund = s.is_receipt === 3 && (s.refund_status === 2 || s.refund_status === 3);
  assert.ok(!(refundActive && invoiceActive) || staffRefund, text);
  // A learner's refund is only ever requested while no invoice was (spec: refund only if is_receipt is 0).
  if (refundActive && !staffRefund) assert.equal(s.is_receipt, 0, text);
}
