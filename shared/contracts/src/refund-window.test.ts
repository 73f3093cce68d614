import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isWithinRefundWindow, refundWindowEnd } from './refund-window';

/** A Beijing wall-clock time ('YYYY-MM-DD HH:mm:ss') as a Date. */
const beijing = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);
const end = (paid: string) => refundWindowEnd(beijing(paid)).getTime();

test('one calendar month after payment, in Beijing time, clamped to the end of a shorter month', () => {
  assert.equal(end('2025-03-15 10:00:00'), beijing('2025-04-15 10:00:00').getTime());
  assert.equal(end('2025-01-31 23:30:00'), beijing('2025-02-28 23:30:00').getTime());
  assert.equal(end('2024-01-31 08:00:00'), beijing('2024-02-29 08:00:00').getTime());
  assert.equal(end('2025-12-20 00:10:00'), beijing('2026-01-20 00:10:00').getTime());
  // 00:30 on 1 March in Beijing is still February in UTC; the month is Beijing's.
  assert.equal(end('2025-03-01 00:30:00'), beijing('2025-04-01 00:30:00').getTime());
});

test('within the window up to and including its last moment; never without a payment', () => {
  const paid = beijing('2025-03-15 10:00:00');
  assert.ok(isWithinRefundWindow(paid, beijing('2025-04-15 10:00:00')));
  assert.ok(!isWithinRefundWindow(paid, beijing('2025-04-15 10:00:01')));
  assert.ok(isWithinRefundWindow(paid, paid));
  assert.ok(!isWithinRefundWindow(null, paid));
});
