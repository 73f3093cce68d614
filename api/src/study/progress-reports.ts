import { and, eq, sql } from 'drizzle-orm';
import { coversCompletion, progressPercentOf } from '@yaoshi/contracts/study-rules';
import { STUDY_MESSAGES } from '@yaoshi/contracts/study-messages';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { BATCH_INPUT, preparedBatch } from '../db/prepared-sql';
import { courseProgress, studyReports, studySessions, type StudyReportOutcome } from './study-schema';
import { courseLessons, courses, type CourseKind } from '../catalogue/catalogue-schema';
import { enrolments } from '../orders/orders-schema';
import { learners } from '../accounts/accounts-schema';
import { conflict } from '../envelope/api-error';
import {
  LIVE_SESSION_SECONDS,
  claimedSecondsOf,
  creditedFrom,
  creditedUntilAfter,
  endsOtherSessions,
  judgeReport,
  judgeTakeover,
  silentAfterSeconds,
  takeoverPosition,
  type OtherSessions,
} from './report-rules';

/**
 * Progress reports (`records`, `public_courses_recordProgress`): each one is judged by
 * `judgeReport` on facts read in one statement, and written to the audit trail whatever
 * the verdict, in a second statement that also moves the session and the course's
 * verified progress when the report is accepted (completion set once: a completed
 * progress row is never written again).
 *
 * A report may advance the session only as far as the wall time not yet credited to it
 * (report-rules.ts, `creditedUntilAfter`): reports the browser queued while offline and
 * sends late, in order, still fit, and no number of reports buys faster-than-real play.
 *
 * All reports of one learner (two tabs, two devices, two concurrent requests) are judged
 * one after another: the facts include the learner's `study_report_seq`, and the write
 * happens only if it still has that value, bumping it. A report whose facts went stale
 * that way is judged again on fresh facts. That is a lock held for no round trip: a
 * report costs two statements, each prepared and shared with the other reports arriving
 * at the same time (preparedBatch), and no transaction of its own.
 *
 * One study session per learner at a time (report-rules.ts): a report is refused while
 * another session of the learner is still reporting; a session starting its play takes over
 * the learner's silent sessions (a killed tab's, a paused page's) and ends them; a takeover
 * (`takeover`, 在此继续学习) ends every other one and continues from the verified point.
 * Wall time is credited to one session only (`creditedFrom`).
 */

export interface ProgressReport {
  learnerId: number;
  recordId: number;
  /** The course the client names (`cid`), or null when the call does not send it (public). */
  courseId: number | null;
  kind: CourseKind;
  position: number;
  /** The learner moves study to this session (在此继续学习): no position is judged. */
  takeover?: boolean;
}

export interface ReportResult {
  outcome: StudyReportOutcome;
  recordId: number;
  progress: number;
  learnTime: number;
  /** This report completed the course. */
  completed: boolean;
}

/**
 * How many times a report is judged again because another report of the same learner was
 * written in between; each retry means another report got through, so this is only
 * reached by a client flooding one account.
 */
export const REPORT_ATTEMPTS = 20;

interface FactsCall {
  learner_id: number;
  record_id: number;
  live_since: string;
  /** Other sessions with a report accepted after this are still reporting (by their course's kind). */
  reporting_since_professional: string;
  reporting_since_public: string;
}

interface ReportFactsRow {
  i: number;
  seq: number;
  /** Null when the named playback session is not this learner's. */
  course_id: number | null;
  kind: CourseKind | null;
  trial: boolean | null;
  position: number | null;
  credited_ms: number | null;
  duration: number | null;
  /** Null when the learner has no progress row for the course yet. */
  verified: number | null;
  completed: boolean;
  enrolled: boolean;
  /** The session is playing (a report of it was accepted, and nothing ended it since). */
  playing: boolean;
  other_live: boolean;
  other_reporting: boolean;
  /** The latest instant another session of the learner has been credited up to. */
  others_credited_ms: number | null;
}

/** What one judged report writes (snake_case: the write statement's column list). */
interface WriteCall {
  learner_id: number;
  seq: number;
  course_id: number | null;
  session_id: number | null;
  claimed: number;
  outcome: StudyReportOutcome;
  at: string;
  /** The session moves to `claimed` (an accepted report). */
  accepted: boolean;
  /** An accepted report: the instant the session's play is now credited up to. */
  credited: string | null;
  /** The course's verified progress is written (an accepted report of a formal session). */
  writes_progress: boolean;
  /** The learner's other sessions stop being live (this one took over). */
  ends_others: boolean;
  /** The learner has a progress row for the course (updated), or not yet (inserted). */
  progress_exists: boolean;
  verified: number;
  percent: number;
  completes: boolean;
}

export interface ProgressReports {
  record(report: ProgressReport): Promise<ReportResult>;
}

export interface ProgressReportHooks {
  /** Runs between reading a report's facts and writing its verdict (tests make a race here). */
  beforeWrite?: () => Promise<void>;
}

export function progressReports(db: Database, clock: Clock, hooks: ProgressReportHooks = {}): ProgressReports {
  // Both statements serve every report arriving together (preparedBatch).
  const readFacts = preparedBatch<FactsCall, ReportFactsRow>(
    db,
    'report_facts',
    sql`select input.i, l.study_report_seq as seq, s.course_id, c.kind, s.trial, s.position_seconds as position,
        (extract(epoch from s.credited_until) * 1000)::float8 as credited_ms, coalesce(lv.duration_seconds, c.duration_seconds) as duration,
        cp.verified_seconds as verified, coalesce(cp.completed_at is not null, false) as completed,
        exists (select 1 from ${enrolments} e where e.learner_id = l.id and e.course_id = s.course_id and e.withdrawn_at is null) as enrolled,
        s.playing_at is not null as playing,
        coalesce(live.any_live, false) as other_live, coalesce(live.any_reporting, false) as other_reporting,
        -- Up to its last accepted report at most: a session's credit may run ahead of the wall
        -- clock by the tolerance, which is its own and does not shorten the next session's.
        (select (extract(epoch from max(least(other.credited_until, other.last_accepted_at))) * 1000)::float8
          from ${studySessions} other where other.learner_id = l.id and other.id <> s.id
          and other.last_accepted_at > s.credited_until) as others_credited_ms
      from json_to_recordset(${BATCH_INPUT}) as input (i int, learner_id int, record_id int, live_since timestamptz,
        reporting_since_professional timestamptz, reporting_since_public timestamptz)
      join ${learners} l on l.id = input.learner_id
      left join (${studySessions} s join ${courses} c on c.id = s.course_id) on s.id = input.record_id and s.learner_id = l.id
      left join ${courseProgress} cp on cp.learner_id = l.id and cp.course_id = s.course_id
      left join ${courseLessons} lv on lv.id = cp.lesson_id
      left join lateral (
        select count(*) > 0 as any_live, bool_or(other.last_accepted_at > case oc.kind when 'public'
            then input.reporting_since_public else input.reporting_since_professional end) as any_reporting
        from ${studySessions} other join ${courses} oc on oc.id = other.course_id
        where other.learner_id = l.id and other.id <> s.id and other.playing_at is not null
          and other.last_accepted_at > input.live_since
      ) live on true`,
  );
  // A learner's sequence moves on only if still as read, and everything else is written
  // only through it; answers the calls that were written (the others went stale).
  // Durable: the answer waits for the commit's WAL flush, which the batch's reports share.
  const writeReports = preparedBatch<WriteCall, { i: number }>(
    db,
    'report_write',
    sql`with input as (
        select * from json_to_recordset(${BATCH_INPUT}) as input (i int, learner_id int, seq int, course_id int,
          session_id int, claimed int, outcome text, at timestamptz, accepted boolean, credited timestamptz, ends_others boolean,
          writes_progress boolean, progress_exists boolean, verified int, percent smallint, completes boolean)
      ), turn as (
        update ${learners} l set study_report_seq = l.study_report_seq + 1
        from input
        where l.id = input.learner_id and l.study_report_seq = input.seq
        returning input.*
      ), moved as (
        -- A report that completes the course ends its session's play (nothing more is recorded in
        -- it), so the learner's next lesson may start at once.
        update ${studySessions} s set position_seconds = turn.claimed, last_accepted_at = turn.at,
          playing_at = case when turn.completes then null else turn.at end,
          credited_until = turn.credited
        from turn where turn.accepted and s.id = turn.session_id
      ), ended as (
        -- This session took the learner's study over: the others stop being live.
        update ${studySessions} o set playing_at = null
        from turn where turn.ends_others and o.learner_id = turn.learner_id and o.id <> turn.session_id
          and o.playing_at is not null
      ), progressed as (
        update ${courseProgress} cp set verified_seconds = turn.verified, progress = turn.percent,
          completed_at = case when turn.completes then turn.at end, updated_at = turn.at
        from turn
        where turn.writes_progress and turn.progress_exists and cp.learner_id = turn.learner_id
          and cp.course_id = turn.course_id and cp.completed_at is null
      ), started as (
        -- The enrolment came after the session opened: no progress row yet (rare).
        insert into ${courseProgress} (learner_id, course_id, verified_seconds, progress, completed_at, updated_at)
        select learner_id, course_id, verified, percent, case when completes then at end, at
        from turn where writes_progress and not progress_exists
        on conflict do nothing
      ), audited as (
        insert into ${studyReports} (learner_id, course_id, session_id, received_at, claimed_seconds, outcome, completed)
        select learner_id, course_id, session_id, at, claimed, outcome, completes from turn
      )
      select i from turn`,
  );

  const write = async (
    at: Date,
    call: Omit<
      WriteCall,
      'at' | 'ends_others' | 'writes_progress' | 'progress_exists' | 'verified' | 'percent' | 'completes'
    > & { ends_others?: boolean },
    progress?: { exists: boolean; verified: number; percent: number; completes: boolean },
  ) =>
    (await writeReports({
      ...call,
      ends_others: call.ends_others ?? false,
      at: at.toISOString(),
      writes_progress: progress !== undefined,
      progress_exists: progress?.exists ?? false,
      verified: progress?.verified ?? 0,
      percent: progress?.percent ?? 0,
      completes: progress?.completes ?? false,
    })) !== undefined;

  /** One attempt: the verdict and what it wrote, or null when the facts went stale. */
  const attempt = async (report: ProgressReport): Promise<ReportResult | null> => {
    const now = clock.now();
    const claimed = claimedSecondsOf(report.position);
    const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
    const row = await readFacts({
      learner_id: report.learnerId,
      record_id: report.recordId,
      live_since: before(LIVE_SESSION_SECONDS),
      reporting_since_professional: before(silentAfterSeconds('professional')),
      reporting_since_public: before(silentAfterSeconds('public')),
    });
    if (!row) throw new Error(`progress report of learner ${report.learnerId}, who does not exist`);
    await hooks.beforeWrite?.();
    const base = { learner_id: report.learnerId, seq: row.seq, claimed, accepted: false, credited: null };

    const belongs =
      row.course_id !== null &&
      row.kind === report.kind &&
      (report.courseId === null || report.courseId === row.course_id) &&
      row.duration !== null;
    if (
      !belongs ||
      row.course_id === null ||
      row.duration === null ||
      row.trial === null ||
      row.position === null ||
      row.credited_ms === null
    ) {
      // Not this learner's playback (or not of this course): recorded without a course or
      // session, so another learner's records are never touched.
      const written = await write(now, { ...base, course_id: null, session_id: null, outcome: 'unknown_session' });
      return written
        ? { outcome: 'unknown_session', recordId: report.recordId, progress: 0, learnTime: 0, completed: false }
        : null;
    }

    const otherSessions: OtherSessions = row.other_reporting ? 'reporting' : row.other_live ? 'silent' : 'none';
    const fromMs = creditedFrom(row.credited_ms, row.others_credited_ms, !row.playing || report.takeover === true);
    const verified = row.verified ?? 0;
    const progressNow = row.completed ? 100 : progressPercentOf(verified, row.duration);

    if (report.takeover) {
      const verdict = judgeTakeover({ trial: row.trial, enrolled: row.enrolled, completed: row.completed });
      const position = takeoverPosition(row.trial, row.position, row.verified);
      const call = { ...base, claimed: position, course_id: row.course_id, session_id: report.recordId };
      if (verdict !== 'takeover') {
        if (!(await write(now, { ...call, outcome: verdict }))) return null;
        return { outcome: verdict, recordId: report.recordId, progress: progressNow, learnTime: 0, completed: false };
      }
      // Credited from now on (or from the instant another session has been credited to).
      const credited = new Date(Math.max(now.getTime(), fromMs)).toISOString();
      if (!(await write(now, { ...call, outcome: 'takeover', accepted: true, credited, ends_others: true })))
        return null;
      return {
        outcome: 'takeover',
        recordId: report.recordId,
        progress: row.trial ? 0 : progressNow,
        learnTime: row.trial ? position : verified,
        completed: false,
      };
    }

    const facts = {
      claimedSeconds: claimed,
      durationSeconds: row.duration,
      trial: row.trial,
      enrolled: row.enrolled,
      completed: row.completed,
      sessionPositionSeconds: row.position,
      sinceCreditedMs: now.getTime() - fromMs,
      otherSessions,
      startsPlaying: !row.playing,
    };
    const outcome = judgeReport(facts);
    const judged = {
      ...base,
      course_id: row.course_id,
      session_id: report.recordId,
      outcome,
      ends_others: endsOtherSessions(facts, outcome),
    };
    if (outcome !== 'accepted') {
      if (!(await write(now, judged))) return null;
      return {
        outcome,
        recordId: report.recordId,
        progress: progressNow,
        learnTime: row.trial ? row.position : verified,
        completed: false,
      };
    }
    const accepted = {
      ...judged,
      accepted: true,
      credited: new Date(creditedUntilAfter(fromMs, claimed - row.position)).toISOString(),
    };
    if (row.trial) {
      if (!(await write(now, accepted))) return null;
      return { outcome, recordId: report.recordId, progress: 0, learnTime: claimed, completed: false };
    }
    const newVerified = Math.max(verified, claimed);
    const percent = progressPercentOf(newVerified, row.duration);
    const completes = coversCompletion(newVerified, row.duration);
    if (!(await write(now, accepted, { exists: row.verified !== null, verified: newVerified, percent, completes })))
      return null;
    return { outcome, recordId: report.recordId, progress: percent, learnTime: newVerified, completed: completes };
  };

  return {
    async record(report) {
      for (let i = 0; i < REPORT_ATTEMPTS; i += 1) {
        const result = await attempt(report);
        if (result) return result;
      }
      throw conflict(STUDY_MESSAGES.reportBusy);
    },
  };
}

export interface SessionRequest {
  learnerId: number;
  courseId: number;
  trial: boolean;
  /** The position the playback starts from: the verified point, 0 for a trial. */
  startSeconds: number;
  /** A session this page had before a reload, to continue rather than open a second one. */
  resumeRecordId: number | null;
}

/** Opens a playback session, or continues the page's previous one when it still fits. */
export async function openPlaybackSession(db: Database, clock: Clock, request: SessionRequest): Promise<number> {
  const now = clock.now();
  if (request.resumeRecordId !== null) {
    const [previous] = await db
      .select({ id: studySessions.id })
      .from(studySessions)
      .where(
        and(
          eq(studySessions.id, request.resumeRecordId),
          eq(studySessions.learnerId, request.learnerId),
          eq(studySessions.courseId, request.courseId),
          eq(studySessions.trial, request.trial),
        ),
      );
    if (previous) {
      // The player restarts at the verified point: the session continues from there.
      await db
        .update(studySessions)
        .set({ positionSeconds: request.startSeconds, lastAcceptedAt: now, creditedUntil: now })
        .where(eq(studySessions.id, previous.id));
      return previous.id;
    }
  }
  const [session] = await db
    .insert(studySessions)
    .values({
      learnerId: request.learnerId,
      courseId: request.courseId,
      trial: request.trial,
      positionSeconds: request.startSeconds,
      openedAt: now,
      lastAcceptedAt: now,
      creditedUntil: now,
    })
    .returning({ id: studySessions.id });
  if (!session) throw new Error('study session insert returned nothing');
  return session.id;
}

/**
 * The page left the lesson: its session stops being live (another lesson may start at
 * once). Only the learner's own session; its position and the progress stay as they are.
 */
export async function closePlaybackSession(db: Database, learnerId: number, recordId: number): Promise<ReportResult> {
  const [session] = await db
    .update(studySessions)
    .set({ playingAt: null })
    .where(and(eq(studySessions.id, recordId), eq(studySessions.learnerId, learnerId)))
    .returning({
      courseId: studySessions.courseId,
      position: studySessions.positionSeconds,
      trial: studySessions.trial,
    });
  if (!session) return { outcome: 'unknown_session', recordId, progress: 0, learnTime: 0, completed: false };
  const [progress] = await db
    .select({ progress: courseProgress.progress, verified: courseProgress.verifiedSeconds })
    .from(courseProgress)
    .where(and(eq(courseProgress.learnerId, learnerId), eq(courseProgress.courseId, session.courseId)));
  return {
    outcome: 'accepted',
    recordId,
    progress: progress?.progress ?? 0,
    learnTime: session.trial ? session.position : (progress?.verified ?? 0),
    completed: false,
  };
}
