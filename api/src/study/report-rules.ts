import {
  PROFESSIONAL_REPORT_INTERVAL_SECONDS,
  PUBLIC_REPORT_INTERVAL_SECONDS,
  TRIAL_LIMIT_SECONDS,
} from '@yaoshi/contracts/study-rules';
import type { CourseKind } from '../catalogue/catalogue-schema';
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

/**
 * A live session that has had no report accepted for its report interval plus this long has
 * stopped reporting: its page is paused, closed without a word (a killed tab, a crashed
 * browser) or cut off (the server restarted). A foreground page playing reports every
 * interval to the millisecond, so two seconds cover the network and a busy server.
 */
export const SILENCE_GRACE_SECONDS = 2;

/** After how long without an accepted report a live session of a lesson of `kind` is silent. */
export function silentAfterSeconds(kind: CourseKind): number {
  return (
    (kind === 'public' ? PUBLIC_REPORT_INTERVAL_SECONDS : PROFESSIONAL_REPORT_INTERVAL_SECONDS) + SILENCE_GRACE_SECONDS
  );
}

/**
 * The learner's other live sessions, as a report sees them: none; only silent ones
 * (see SILENCE_GRACE_SECONDS); or at least one still reporting (really playing now).
 */
export type OtherSessions = 'none' | 'silent' | 'reporting';

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
  /** The learner's other live sessions (see LIVE_SESSION_SECONDS, OtherSessions). */
  otherSessions: OtherSessions;
  /**
   * The report starts this session's play: it was not playing (just opened, reopened after a
   * reload, closed by its page, or taken over by another session).
   */
  startsPlaying: boolean;
}

/**
 * Whether another session stops this report (one study session per learner at a time). A
 * session still reporting always does: two places really playing at once are never both
 * credited. Silent ones stop only a session already playing; a session starting its play
 * takes them over (the report ends them, see `endsOtherSessions`), so a learner whose tab
 * was killed, or whose server restarted, plays again at once in a new tab.
 */
export function blockedByOtherSession(otherSessions: OtherSessions, startsPlaying: boolean): boolean {
  return otherSessions === 'reporting' || (otherSessions === 'silent' && !startsPlaying);
}

/**
 * Whether an accepted report ends the learner's other sessions: one that starts this
 * session's play does (it took over the silent ones, and any older one left playing must
 * start again, credited only from then: see `creditedFrom`).
 */
export function endsOtherSessions(facts: Pick<ReportFacts, 'startsPlaying'>, outcome: StudyReportOutcome): boolean {
  return outcome === 'accepted' && facts.startsPlaying;
}

/** The verdict on a report; 'accepted' is the only one that changes anything but the audit trail. */
export function judgeReport(facts: ReportFacts): StudyReportOutcome {
  if (blockedByOtherSession(facts.otherSessions, facts.startsPlaying)) return 'second_session';
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

/**
 * The instant from which a session's play may be credited. A session already playing goes
 * on from its own credited instant (so reports it queued while offline still fit). One
 * starting its play (or taking over) goes on from the latest instant any other session of
 * the learner has been credited up to, if later: wall time is credited to one session only,
 * so two places playing in turn, or one waiting while the other plays and then taking
 * over, never count the same minute twice.
 */
export function creditedFrom(ownCreditedMs: number, othersCreditedMs: number | null, startsPlaying: boolean): number {
  return startsPlaying && othersCreditedMs !== null ? Math.max(ownCreditedMs, othersCreditedMs) : ownCreditedMs;
}

/**
 * The verdict on a takeover (在此继续学习): 'takeover' moves the learner's study to the
 * session; a session whose course the learner has left, or finished, records nothing.
 */
export function judgeTakeover(facts: Pick<ReportFacts, 'trial' | 'enrolled' | 'completed'>): StudyReportOutcome {
  if (!facts.trial && !facts.enrolled) return 'not_enrolled';
  if (!facts.trial && facts.completed) return 'already_completed';
  return 'takeover';
}

/**
 * What a takeover (在此继续学习) continues from: the verified point of the course (the
 * place a reload would start from), or for a trial the session's own position.
 */
export function takeoverPosition(
  trial: boolean,
  sessionPositionSeconds: number,
  verifiedSeconds: number | null,
): number {
  return trial ? sessionPositionSeconds : (verifiedSeconds ?? sessionPositionSeconds);
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
