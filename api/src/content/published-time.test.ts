import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatBeijingTime, parseBeijingTime } from './published-time';

test('times are shown in Beijing time, across the UTC date line', () => {
  assert.equal(formatBeijingTime(new Date('2025-03-01T16:05:09Z')), '2025-03-02 00:05:09');
  assert.equal(formatBeijingTime(new Date('2024-12-31T15:59:59Z')), '2024-12-31 23:59:59');
});

test('parsing is the inverse and refuses other shapes', () => {
  assert.equal(parseBeijingTime('2025-03-02 00:05:09').toISOString(), '2025-03-01T16:05:09.000Z');
  assert.throws(() => parseBeijingTime('2025-03-02T00:05:09'));
});
