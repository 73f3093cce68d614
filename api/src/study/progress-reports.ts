import { and, eq, sql } from 'drizzle-orm';
import { coversCompletion, progressPercentOf } from '@yaoshi/contracts/study-rules';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { courseProgress, courses, enrolments, learners, studyReports, studySessions, type CourseKind, type StudyReportOutcome } from '../db/schema';
import { LIVE_SESSION_SECONDS, claimedSecondsOf, judgeReport } from './report-rules';

/**
 * Progress reports (`records`, `public_courses_recordProgress`): each one is judged by
 * `judgeReport` on facts read under a lock on the learner's row, so all reports of one
 * learner are handled one at a time (two tabs, two devices, two concurrent requests), and
 * written to the audit trail whatever the verdict. Only an accepted report moves the
 * session and the course's verified progress; completion is set in the same transaction,
 * once (`completed_at is null` guards it).
 */

export interface ProgressReport {
  learnerId: number;
  recordId: number;
  /** The course the client names (`cid`), or null when the call does not send it (public). */
  courseId: number | null;
  kind: CourseKind;
  position: number;
}

export interface ReportResult {
  outcome: StudyReportOutcome;
  recordId: number;
  progress: number;
  learnTime: number;
  /** This report completed the course. */
  completed: boolean;
}

export async function recordProgressReport(db: Database, clock: Clock, report: ProgressReport): Promise<ReportResult> {
  const now = clock.now();
  const claimed = claimedSecondsOf(report.position);
  return db.transaction(async (tx) => {
    await tx.select({ id: learners.id }).from(learners).where(eq(learners.id, report.learnerId)).for('no key update');
    const liveSince = new Date(now.getTime() - LIVE_SESSION_SECONDS * 1000);
    const [row] = await tx
      .select({
        learnerId: studySessions.learnerId,
        courseId: studySessions.courseId,
        trial: studySessions.trial,
        position: studySessions.positionSeconds,
        lastAcceptedAt: studySessions.lastAcceptedAt,
        kind: courses.kind,
        duration: courses.durationSeconds,
        verified: courseProgress.verifiedSeconds,
        completedAt: courseProgress.completedAt,
        enrolled: sql<boolean>`exists (select 1 from ${enrolments} where ${enrolments.learnerId} = ${studySessions.learnerId}
          and ${enrolments.courseId} = ${studySessions.courseId} and ${enrolments.withdrawnAt} is null)`,
        otherSessionLive: sql<boolean>`exists (select 1 from ${studySessions} other where other.learner_id = ${studySessions.learnerId}
          and other.id <> ${studySessions.id} and other.playing_at is not null and other.last_accepted_at > ${liveSince})`,
      })
      .from(studySessions)
      .innerJoin(courses, eq(courses.id, studySessions.courseId))
      .leftJoin(courseProgress, and(eq(courseProgress.learnerId, studySessions.learnerId), eq(courseProgress.courseId, studySessions.courseId)))
      .where(eq(studySessions.id, report.recordId));

    const belongs =
      row !== undefined &&
      row.learnerId === report.learnerId &&
      row.kind === report.kind &&
      (report.courseId === null || report.courseId === row.courseId) &&
      row.duration !== null;
    if (!row || !belongs || row.duration === null) {
      // Not this learner's playback (or not of this course): recorded without a course or
      // session, so another learner's records are never touched.
      await tx.insert(studyReports).values({
        learnerId: report.learnerId,
        courseId: null,
        sessionId: null,
        receivedAt: now,
        claimedSeconds: claimed,
        outcome: 'unknown_session',
      });
      return { outcome: 'unknown_session', recordId: report.recordId, progress: 0, learnTime: 0, completed: false };
    }

    const outcome = judgeReport({
      claimedSeconds: claimed,
      durationSeconds: row.duration,
      trial: row.trial,
      enrolled: Boolean(row.enrolled),
      completed: row.completedAt !== null,
      sessionPositionSeconds: row.position,
      sinceLastAcceptedMs: now.getTime() - row.lastAcceptedAt.getTime(),
      otherSessionLive: Boolean(row.otherSessionLive),
    });
    const verified = row.verified ?? 0;
    const base = { learnerId: report.learnerId, courseId: row.courseId, sessionId: report.recordId, receivedAt: now, claimedSeconds: claimed };
    if (outcome !== 'accepted') {
      await tx.insert(studyReports).values({ ...base, outcome });
      const progress = row.completedAt !== null ? 100 : progressPercentOf(verified, row.duration);
      return { outcome, recordId: report.recordId, progress, learnTime: row.trial ? row.position : verified, completed: false };
    }

    if (row.trial) {
      await tx
        .update(studySessions)
        .set({ positionSeconds: claimed, lastAcceptedAt: now, playingAt: now })
        .where(eq(studySessions.id, report.recordId));
      await tx.insert(studyReports).values({ ...base, outcome });
      return { outcome, recordId: report.recordId, progress: 0, learnTime: claimed, completed: false };
    }

    const newVerified = Math.max(verified, claimed);
    const progress = progressPercentOf(newVerified, row.duration);
    const completes = coversCompletion(newVerified, row.duration);
    if (row.verified === null) {
      // The enrolment came after the session opened: no progress row yet (rare).
      await tx
        .update(studySessions)
        .set({ positionSeconds: claimed, lastAcceptedAt: now, playingAt: now })
        .where(eq(studySessions.id, report.recordId));
      await tx
        .insert(courseProgress)
        .values({ learnerId: report.learnerId, courseId: row.courseId, verifiedSeconds: newVerified, progress, completedAt: completes ? now : null, updatedAt: now })
        .onConflictDoNothing();
      await tx.insert(studyReports).values({ ...base, outcome, completed: completes });
    } else {
      // The hot path, one statement: the session, the progress (never a completed row
      // again) and the audit row. The learner lock taken above makes `completes` exact.
      const at = now.toISOString();
      await tx.execute(sql`
        with moved as (
          update ${studySessions} set position_seconds = ${claimed}, last_accepted_at = ${at}::timestamptz, playing_at = ${at}::timestamptz
          where id = ${report.recordId}
        ), progressed as (
          update ${courseProgress} set verified_seconds = ${newVerified}, progress = ${progress},
            completed_at = ${completes ? at : null}::timestamptz, updated_at = ${at}::timestamptz
          where learner_id = ${report.learnerId} and course_id = ${row.courseId} and completed_at is null
        )
        insert into ${studyReports} (learner_id, course_id, session_id, received_at, claimed_seconds, outcome, completed)
        values (${report.learnerId}, ${row.courseId}, ${report.recordId}, ${at}::timestamptz, ${claimed}, 'accepted', ${completes})`);
    }
    return { outcome, recordId: report.recordId, progress, learnTime: newVerified, completed: completes };
  });
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
        .set({ positionSeconds: request.startSeconds, lastAcceptedAt: now })
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
    .returning({ courseId: studySessions.courseId, position: studySessions.positionSeconds, trial: studySessions.trial });
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
