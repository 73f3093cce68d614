import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '../messages';
import {
  MAX_WRONG_CODE_TRIES,
  PHONE_MAX_PER_DAY,
  PHONE_MAX_PER_HOUR,
  checkCode,
  sendRefusal,
  type SendHistory,
} from './sms-limits';

const now = new Date('2025-06-16T02:00:00Z');
const quiet: SendHistory = { lastSentToPhone: null, sentToPhoneInLastHour: 0, sentToPhoneInLastDay: 0 };

test('sending: one a minute, 5 an hour, 10 a day per phone, and a cap per network', () => {
  assert.equal(sendRefusal(quiet, now), null);
  assert.equal(
    sendRefusal({ ...quiet, lastSentToPhone: new Date(now.getTime() - 59_500) }, now),
    MESSAGES.codeSentTooSoon(1),
  );
  assert.equal(
    sendRefusal({ ...quiet, lastSentToPhone: new Date(now.getTime() - 15_000) }, now),
    MESSAGES.codeSentTooSoon(45),
  );
  assert.equal(sendRefusal({ ...quiet, lastSentToPhone: new Date(now.getTime() - 60_000) }, now), null);
  assert.equal(sendRefusal({ ...quiet, sentToPhoneInLastHour: PHONE_MAX_PER_HOUR }, now), MESSAGES.codeHourlyLimit);
  assert.equal(sendRefusal({ ...quiet, sentToPhoneInLastHour: PHONE_MAX_PER_HOUR - 1 }, now), null);
  assert.equal(sendRefusal({ ...quiet, sentToPhoneInLastDay: PHONE_MAX_PER_DAY }, now), MESSAGES.codeDailyLimit);
});

test('checking: the latest code, unexpired, unused, fewer than 5 wrong tries', () => {
  const stored = { code: '012345', expiresAt: new Date(now.getTime() + 1000), failedAttempts: 0, consumedAt: null };
  assert.equal(checkCode(stored, '012345', now), 'accepted');
  assert.equal(checkCode(stored, '012346', now), 'wrong');
  assert.equal(checkCode(stored, '01234', now), 'wrong');
  assert.equal(checkCode(null, '012345', now), 'wrong');
  assert.equal(checkCode({ ...stored, expiresAt: now }, '012345', now), 'wrong');
  assert.equal(checkCode({ ...stored, consumedAt: now }, '012345', now), 'wrong');
  assert.equal(checkCode({ ...stored, failedAttempts: MAX_WRONG_CODE_TRIES - 1 }, '012345', now), 'accepted');
  assert.equal(checkCode({ ...stored, failedAttempts: MAX_WRONG_CODE_TRIES }, '012345', now), 'too-many-tries');
});
