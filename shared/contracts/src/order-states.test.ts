import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ORDER_EVENTS,
  PAY_STATUS,
  RECEIPT_STATUS,
  REFUND_STATUS,
  applyOrderEvent,
  learnerActionsOf,
  reachableOrderStates,
  type OrderState,
} from './order-states';

const state = (pay_status: number, refund_status = 0, is_receipt = 0) => ({ pay_status, refund_status, is_receipt }) as OrderState;

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

  test('long random walks never leave the reachable states, nor have a refund and an invoice under way together', () => {
    const reachable = new Set(reachableOrderStates().map((s) => `${s.pay_status}/${s.refund_status}/${s.is_receipt}`));
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let walk = 0; walk < 200; walk += 1) {
      let current = state(PAY_STATUS.unpaid, REFUND_STATUS.none, RECEIPT_STATUS.none);
      for (let step = 0; step < 200; step += 1) {
        const event = ORDER_EVENTS[Math.floor(random() * ORDER_EVENTS.length)]!;
        current = applyOrderEvent(current, event) ?? current;
        assert.ok(reachable.has(`${current.pay_status}/${current.refund_status}/${current.is_receipt}`));
        if (current.pay_status !== PAY_STATUS.paid && current.pay_status !== PAY_STATUS.refunded) {
          assert.equal(current.refund_status, REFUND_STATUS.none);
          assert.equal(current.is_receipt, RECEIPT_STATUS.none);
        }
        // A refund and an invoice are never both under way or done.
        const refundActive = [REFUND_STATUS.reviewing, REFUND_STATUS.refunding, REFUND_STATUS.refunded].some((s) => s === current.refund_status);
        const invoiceActive = [RECEIPT_STATUS.reviewing, RECEIPT_STATUS.issuing, RECEIPT_STATUS.issued].some((s) => s === current.is_receipt);
        assert.ok(!(refundActive && invoiceActive), JSON.stringify(current));
        if (refundActive) assert.equal(current.is_receipt, RECEIPT_STATUS.none);
      }
    }
  });
});
