import { z } from 'zod';
import type { Endpoint } from '@yaoshi/contracts/endpoint';
import {
  REPORT_STATE,
  type progressReportResponseSchema,
  quizAnswerSchema,
  studyEndpoints,
} from '@yaoshi/contracts/study';
import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import { requirePrincipal } from '../auth/authenticator';
import { ApiError, badInput, type ApiErrorCode } from '../envelope/api-error';
import type { RouteModule } from '../app-deps';
import type { EndpointOptions } from '../envelope/signed-routes';
import type { StudyReportOutcome } from './study-schema';
import { MESSAGES } from '../messages';
import { decodeImageData } from '../face-photos/image-data';
import { storeFacePhotoFile, submitFacePhoto } from '../face-photos/face-photos';
import { closePlaybackSession, progressReports, type ProgressReport, type ReportResult } from './progress-reports';
import { evaluateCourse, isLastCourse, lessonDetail, studySummary } from './study-lessons';
import { quizQuestionFor, submitQuizAnswers } from './public-quiz';
import { requireLiveEnrolment } from '../enrolment/live-enrolment';

/** How each refused report is answered; the report itself is already in the audit trail. */
const REFUSALS: Record<
  Exclude<StudyReportOutcome, 'accepted' | 'takeover'>,
  { code: ApiErrorCode; message: string }
> = {
  beyond_length: { code: 409, message: M.reportBeyondLength },
  too_fast: { code: 409, message: M.reportTooFast },
  backwards: { code: 409, message: M.reportBackwards },
  not_enrolled: { code: 403, message: M.notEnrolled },
  trial_limit: { code: 403, message: M.reportTrialLimit },
  second_session: { code: 409, message: M.reportSecondSession },
  unknown_session: { code: 404, message: M.reportUnknownSession },
  already_completed: { code: 409, message: M.reportAlreadyCompleted },
};

function answerOf(result: ReportResult) {
  if (result.outcome !== 'accepted' && result.outcome !== 'takeover') {
    const refusal = REFUSALS[result.outcome];
    throw new ApiError(refusal.code, refusal.message);
  }
  return {
    record_id: result.recordId,
    progress: result.progress,
    percentage: result.progress,
    learn_time: result.learnTime,
  };
}

/**
 * Progress reports come from every playing browser every 10 or 60 s: their request lines stay
 * out of the `info` log (every report, accepted or refused, is in the audit trail).
 */
const PERIODIC_CALL: EndpointOptions = { logLevel: 'warn' };

const quizDetailsSchema = z.array(quizAnswerSchema).min(1).max(10);

/** Study lists, lessons, progress reports, ratings, public quizzes (issue 6; exams excluded). */
export const studyRoutes: RouteModule = (api, { db, clock, metrics, storage }) => {
  const reports = progressReports(db, clock);
  api.add(studyEndpoints.mycourses, async ({ payload, principal }) =>
    studySummary(db, clock, requirePrincipal(principal).learnerId, payload.year, 'professional', payload.type ?? 1),
  );
  api.add(studyEndpoints.publicMy, async ({ payload, principal }) =>
    studySummary(db, clock, requirePrincipal(principal).learnerId, payload.year, 'public', 1),
  );

  api.add(studyEndpoints.webcourseDetail, async ({ payload, principal }) =>
    lessonDetail(db, clock, {
      learnerId: requirePrincipal(principal).learnerId,
      courseId: payload.cid,
      kind: 'professional',
      trial: payload.formal === 0,
      resumeRecordId: payload.record_id ? Number(payload.record_id) : null,
    }),
  );
  api.add(studyEndpoints.publicDetail, async ({ payload, principal }) =>
    lessonDetail(db, clock, {
      learnerId: requirePrincipal(principal).learnerId,
      courseId: payload.course_id,
      kind: 'public',
      trial: false,
      resumeRecordId: payload.record_id ? Number(payload.record_id) : null,
    }),
  );

  /**
   * A progress report route: `state` 3 ends the playback session (the page left, reloaded or
   * closed: the study page sends it from `pagehide`); `state` 4 moves the learner's study to
   * it (在此继续学习); any other report is judged (progress-reports.ts). `reportOf` reads
   * the learner's claim from the payload.
   */
  const reportRoute = <Req extends z.ZodType<{ state?: number | undefined }>>(
    endpoint: Endpoint<Req, typeof progressReportResponseSchema>,
    reportOf: (payload: z.output<Req>) => Omit<ProgressReport, 'learnerId'>,
  ) =>
    api.add(
      endpoint,
      async ({ payload, principal }) => {
        const report = {
          learnerId: requirePrincipal(principal).learnerId,
          ...reportOf(payload),
          takeover: payload.state === REPORT_STATE.takeover,
        };
        const result =
          payload.state === REPORT_STATE.closed
            ? await closePlaybackSession(db, report.learnerId, report.recordId)
            : await reports.record(report);
        metrics.progressReport(result.outcome);
        return answerOf(result);
      },
      PERIODIC_CALL,
    );
  reportRoute(studyEndpoints.records, (payload) => ({
    recordId: payload.record_id,
    courseId: payload.cid,
    kind: 'professional',
    position: payload.pos,
  }));
  reportRoute(studyEndpoints.publicRecord, (payload) => ({
    recordId: payload.record_id,
    courseId: null,
    kind: 'public',
    // At the end the original client also sends `pos`; the furthest of the two is the claim.
    position: Math.max(payload.duration, payload.pos ?? 0),
  }));

  api.add(studyEndpoints.evaluate, async ({ payload, principal }) => {
    await evaluateCourse(db, clock, {
      learnerId: requirePrincipal(principal).learnerId,
      courseId: payload.course_id,
      grade: payload.stu_grade,
      comment: payload.stu_commont ?? '',
    });
    return null;
  });
  api.add(studyEndpoints.courseLast, async ({ payload, principal }) => ({
    is_last: await isLastCourse(
      db,
      requirePrincipal(principal).learnerId,
      payload.year,
      payload.course_id,
      'professional',
    ),
  }));
  api.add(studyEndpoints.checkPublicLast, async ({ payload, principal }) => ({
    is_last: await isLastCourse(db, requirePrincipal(principal).learnerId, payload.year, payload.course_id, 'public'),
  }));

  api.add(studyEndpoints.quizQuestion, async ({ payload, principal }) =>
    quizQuestionFor(db, requirePrincipal(principal).learnerId, payload.course_id, payload.percentage),
  );
  api.add(studyEndpoints.quizResult, async ({ payload, principal }) => {
    let details: unknown;
    try {
      details = JSON.parse(payload.question_details);
    } catch {
      throw badInput(M.quizAnswerInvalid);
    }
    const parsed = quizDetailsSchema.safeParse(details);
    if (!parsed.success) throw badInput(M.quizAnswerInvalid);
    const passed = await submitQuizAnswers(
      db,
      clock,
      requirePrincipal(principal).learnerId,
      payload.course_id,
      parsed.data,
    );
    return { is_pass: passed ? 1 : 0 };
  });

  api.add(studyEndpoints.faceCompare, async ({ payload, principal }) => {
    const { learnerId } = requirePrincipal(principal);
    await requireLiveEnrolment(db, learnerId, payload.course_id, 'public');
    const image = decodeImageData(payload.avatar);
    if (!image.ok)
      throw image.reason === 'too-large'
        ? new ApiError(413, MESSAGES.avatarTooLarge)
        : badInput(MESSAGES.avatarInvalid);
    const path = await storeFacePhotoFile(storage, image.bytes, image.kind);
    // No biometric comparison runs here: the photo is kept with its course, percent and
    // time for the administrator's review, like the professional lessons' face checks.
    await submitFacePhoto(db, clock, {
      learnerId,
      path,
      courseId: payload.course_id,
      percent: payload.percent ?? null,
    });
    return { result: 1 };
  });
};
