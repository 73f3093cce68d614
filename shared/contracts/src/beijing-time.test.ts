import { test } from 'node:test';
import assert from 'node:assert/strict';
import { beijingDayOf, beijingIsoTime, formatBeijingTime, parseBeijingTime } from './beijing-time';

test('times are shown in Beijing time, across the UTC date line', () => {
  assert.equal(formatBeijingTime(new Date('2025-03-01T16:05:09Z')), '2025-03-02 00:05:09');
  assert.equal(formatBeijingTime(new Date('2024-12-31T15:59:59Z')), '2024-12-31 23:59:59');
});

test('parsing is the inverse and refuses other shapes', () => {
  assert.equal(parseBeijingTime('2025-03-02 00:05:09').toISOString(), '2025-03-01T16:05:09.000Z');
  assert.throws(() => parseBeijingTime('2025-03-02T00:05:09'));
});

test('programs get ISO 8601 with +08:00; an ISO string from a program formats as the same Beijing time', () => {
  const moment = new Date('2026-11-24T02:15:00Z');
  assert.equal(beijingIsoTime(moment), '2026-11-24T10:15:00+08:00');
  assert.equal(formatBeijingTime('2026-11-24T10:15:00+08:00'), '2026-11-24 10:15:00');
  assert.equal(formatBeijingTime(beijingIsoTime(moment)), formatBeijingTime(moment));
  assert.equal(beijingDayOf('2026-11-23T16:00:00Z'), '2026-11-24');
});
