import { TRIAL_LIMIT_SECONDS } from '@yaoshi/contracts/study-rules';
import type { StudyReportOutcome } from './study-schema';

/**
 * The checks every progress report passes (issue 6 "Honest progress"): the server counts
 * only what it can verify. Pure, so each rule is tested on its own; the database part
 * (`progress-reports.ts`) gathers the facts under the learner's lock and applies the verdict.
 */

/**
 * Position may run ahead of the wall clock by this much: the time between the session
 * opening and the player starting, and whole-second rounding on both sides. It is a
 * tolerance on the session's whole run, not on each report (see `creditedUntilAfter`).
 */
export const ADVANCE_TOLERANCE_SECONDS = 5;

/**
 * A playback session that had a report accepted within this time is live: another session
 * of the same learner is then refused. Longer than the public report interval (60 s), so a
 * public lesson between two reports still counts as playing.
 */
export const LIVE_SESSION_SECONDS = 90;

export interface ReportFacts {
  /** The position claimed, whole seconds. */
  claimedSeconds: number;
  /** The video's length on the server. */
  durationSeconds: number;
  /** The session is a trial watch (learner not enrolled when it opened). */
  trial: boolean;
  /** The learner holds a live enrolment in the course now. */
  enrolled: boolean;
  /** The course is already complete for the learner (review: nothing more is recorded). */
  completed: boolean;
  /** The session's last accepted position (at opening: the resume point). */
  sessionPositionSeconds: number;
  /**
   * Milliseconds of wall time not yet credited to the session: since the instant its
   * verified play has been credited up to (at opening: since it opened).
   */
  sinceCreditedMs: number;
  /** Another session of the same learner is live (see LIVE_SESSION_SECONDS). */
  otherSessionLive: boolean;
}

/** The verdict on a report; 'accepted' is the only one that changes anything but the audit trail. */
export function judgeReport(facts: ReportFacts): StudyReportOutcome {
  if (facts.otherSessionLive) return 'second_session';
  if (!facts.trial && !facts.enrolled) return 'not_enrolled';
  if (!facts.trial && facts.completed) return 'already_completed';
  if (facts.claimedSeconds > facts.durationSeconds) return 'beyond_length';
  if (facts.trial && facts.claimedSeconds > TRIAL_LIMIT_SECONDS) return 'trial_limit';
  if (facts.claimedSeconds < facts.sessionPositionSeconds) return 'backwards';
  const allowedAdvance = facts.sinceCreditedMs / 1000 + ADVANCE_TOLERANCE_SECONDS;
  if (facts.claimedSeconds - facts.sessionPositionSeconds > allowedAdvance) return 'too_fast';
  return 'accepted';
}

/**
 * The instant a session's play is credited up to after an accepted report that advanced it
 * by `advanceSeconds`: the previous instant plus exactly that advance, not the time the
 * report arrived. So a report that arrives late (queued in the browser while the network
 * was down, then sent in order with the others) is judged against the wall time that has
 * really passed since the play it covers began, and still fits; and since every accepted
 * second consumes one second of wall time, the session's verified play can never run
 * ahead of the wall time since it opened by more than ADVANCE_TOLERANCE_SECONDS, however
 * many reports are sent (the tolerance is spent once, not per report).
 */
export function creditedUntilAfter(creditedUntilMs: number, advanceSeconds: number): number {
  return creditedUntilMs + Math.max(0, advanceSeconds) * 1000;
}

/** Whether a session last accepted at `lastAcceptedMs` (and ever playing) is live at `nowMs`. */
export function isLiveSession(playing: boolean, lastAcceptedMs: number, nowMs: number): boolean {
  return playing && nowMs - lastAcceptedMs < LIVE_SESSION_SECONDS * 1000;
}

/**
 * A claimed position in whole seconds, rounded: the player's `ended` arrives at a
 * currentTime a few milliseconds either side of the stored length, and dropping the
 * fraction would leave the last second of a short video forever unwatched.
 */
export function claimedSecondsOf(position: number): number {
  return Math.round(position);
}
