import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatBeijingTime, parseBeijingTime } from '../content/published-time';
import { isWithinRefundWindow, refundWindowEnd } from './refund-window';

const end = (paid: string) => formatBeijingTime(refundWindowEnd(parseBeijingTime(paid)));

test('one calendar month after payment, in Beijing time, clamped to the end of a shorter month', () => {
  assert.equal(end('2025-03-15 10:00:00'), '2025-04-15 10:00:00');
  assert.equal(end('2025-01-31 23:30:00'), '2025-02-28 23:30:00');
  assert.equal(end('2024-01-31 08:00:00'), '2024-02-29 08:00:00');
  assert.equal(end('2025-12-20 00:10:00'), '2026-01-20 00:10:00');
  // 00:30 on 1 March in Beijing is still February in UTC; the month is Beijing's.
  assert.equal(end('2025-03-01 00:30:00'), '2025-04-01 00:30:00');
});

test('within the window up to and including its last moment; never without a payment', () => {
  const paid = parseBeijingTime('2025-03-15 10:00:00');
  assert.ok(isWithinRefundWindow(paid, parseBeijingTime('2025-04-15 10:00:00')));
  assert.ok(!isWithinRefundWindow(paid, parseBeijingTime('2025-04-15 10:00:01')));
  assert.ok(isWithinRefundWindow(paid, paid));
  assert.ok(!isWithinRefundWindow(null, paid));
});
