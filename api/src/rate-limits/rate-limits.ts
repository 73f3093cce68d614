import { and, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { rateCounters } from './rate-limits-schema';
import { tooMany } from '../envelope/api-error';
import { MESSAGES } from '../messages';

/** How many requests of one kind one subject may make per window. */
export interface RateLimit {
  /** Stored with the counts; unique per limit. */
  action: string;
  max: number;
  windowMs: number;
  /** The Chinese refusal, given the whole minutes until the window ends. */
  message: (minutesLeft: number) => string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Per client IP. A whole pharmacy or hospital may reach us through one NAT address, so
 * these only stop floods: the per-account lockout (5 wrong passwords) and the per-phone
 * SMS limits do the fine-grained work.
 */
export const IP_LIMITS = {
  /** Password logins: 100 in 15 minutes is a roomful of pharmacists signing in, typos included. */
  passwordLogin: { action: 'ip:password-login', max: 100, windowMs: 15 * MINUTE_MS, message: MESSAGES.loginIpLimit },
  /** SMS code requests (the cap of issue 3): 30 an hour. */
  smsCode: { action: 'ip:sms-code', max: 30, windowMs: HOUR_MS, message: () => MESSAGES.codeIpLimit },
  /** Forgotten-password resets: 20 an hour. */
  forgotPassword: { action: 'ip:forgot-password', max: 20, windowMs: HOUR_MS, message: MESSAGES.forgotIpLimit },
  /**
   * Public 学时证明 checks (/verify): 30 a minute. An employer checks a few certificates by
   * hand or by scanning their QR codes; guessing numbers by the thousand is refused.
   */
  certificateVerify: {
    action: 'ip:certificate-verify',
    max: 30,
    windowMs: MINUTE_MS,
    message: MESSAGES.certificateVerifyIpLimit,
  },
  /**
   * Article views counted by the beacon of a server-rendered article (POST /v1/article_view):
   * 60 a minute. A roomful of readers behind one address open a few articles each; a script
   * inflating a count is held to 60 a minute, and past it nothing is counted.
   */
  articleView: { action: 'ip:article-view', max: 60, windowMs: MINUTE_MS, message: MESSAGES.articleViewIpLimit },
} as const satisfies Record<string, RateLimit>;

/**
 * Counts one hit of `limit` for `subject` and refuses it (429 with `Retry-After`) when it
 * is beyond the limit. The count is one upsert, atomic on any number of servers sharing
 * the database. Windows are fixed (aligned on the epoch); the subject's older windows are
 * swept as it goes.
 */
export async function hitRateLimit(db: Database, clock: Clock, limit: RateLimit, subject: string): Promise<void> {
  const nowMs = clock.nowMs();
  const windowStart = new Date(Math.floor(nowMs / limit.windowMs) * limit.windowMs);
  const [row] = await db
    .insert(rateCounters)
    .values({ action: limit.action, subject, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateCounters.action, rateCounters.subject, rateCounters.windowStart],
      set: { hits: sql`${rateCounters.hits} + 1` },
    })
    .returning({ hits: rateCounters.hits });
  if ((row?.hits ?? 1) === 1) {
    // First hit of a new window: the subject's earlier windows count for nothing now.
    await db
      .delete(rateCounters)
      .where(
        and(
          eq(rateCounters.action, limit.action),
          eq(rateCounters.subject, subject),
          lt(rateCounters.windowStart, windowStart),
        ),
      );
  }
  if ((row?.hits ?? 0) > limit.max) {
    const secondsLeft = (windowStart.getTime() + limit.windowMs - nowMs) / 1000;
    throw tooMany(limit.message(Math.max(1, Math.ceil(secondsLeft / 60))), secondsLeft);
  }
}

/**
 * Face photos per learner and hour (issue 15): as many as real lessons need. A lesson asks
 * for one photo at each of its face-check points (a course's `photo` list: one or two in
 * practice, at most FACE_CHECKS_PER_LESSON here); an hour of study covers at most
 * LESSONS_PER_HOUR short lessons; a face check missed within 60 s reloads the page and asks
 * again, and the camera may fail, so FACE_UPLOAD_RETRIES more; plus the face collection.
 */
export const FACE_CHECKS_PER_LESSON = 3;
export const LESSONS_PER_HOUR = 4;
export const FACE_UPLOAD_RETRIES = 7;
export const FACE_UPLOADS_PER_HOUR = FACE_CHECKS_PER_LESSON * LESSONS_PER_HOUR + FACE_UPLOAD_RETRIES + 1;

export const LEARNER_LIMITS = {
  facePhoto: {
    action: 'learner:face-photo',
    max: FACE_UPLOADS_PER_HOUR,
    windowMs: HOUR_MS,
    message: MESSAGES.faceUploadHourlyLimit,
  },
} as const satisfies Record<string, RateLimit>;
