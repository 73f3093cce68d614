import { MESSAGES } from '../messages';

/** Spec-given limits for SMS codes (issue 3): numbers named once, here. */
export const CODE_VALID_MS = 5 * 60 * 1000;
export const CODE_VALID_MINUTES = CODE_VALID_MS / 60_000;
export const MAX_WRONG_CODE_TRIES = 5;
export const PHONE_RESEND_INTERVAL_MS = 60 * 1000;
export const PHONE_MAX_PER_HOUR = 5;
export const PHONE_MAX_PER_DAY = 10;
// The cap per client IP is IP_LIMITS.smsCode (src/rate-limits), shared with the other per-IP limits.

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** What has already been sent, as counted from the database. */
export interface SendHistory {
  lastSentToPhone: Date | null;
  sentToPhoneInLastHour: number;
  sentToPhoneInLastDay: number;
}

/** Why a new code may not be sent now (a message for the learner), or null when it may. */
export function sendRefusal(history: SendHistory, now: Date): string | null {
  if (history.lastSentToPhone !== null) {
    const waitMs = history.lastSentToPhone.getTime() + PHONE_RESEND_INTERVAL_MS - now.getTime();
    if (waitMs > 0) return MESSAGES.codeSentTooSoon(Math.ceil(waitMs / 1000));
  }
  if (history.sentToPhoneInLastDay >= PHONE_MAX_PER_DAY) return MESSAGES.codeDailyLimit;
  if (history.sentToPhoneInLastHour >= PHONE_MAX_PER_HOUR) return MESSAGES.codeHourlyLimit;
  return null;
}

export type CodeCheck = 'accepted' | 'wrong' | 'too-many-tries';

export interface StoredCode {
  code: string;
  expiresAt: Date;
  failedAttempts: number;
  consumedAt: Date | null;
}

/** The verdict on `given` against the latest code sent to a phone (null: none). */
export function checkCode(stored: StoredCode | null, given: string, now: Date): CodeCheck {
  if (stored === null || stored.consumedAt !== null || stored.expiresAt.getTime() <= now.getTime()) return 'wrong';
  if (stored.failedAttempts >= MAX_WRONG_CODE_TRIES) return 'too-many-tries';
  return constantTimeEqual(stored.code, given) ? 'accepted' : 'wrong';
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
