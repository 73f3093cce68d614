import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { AVATAR_STATUS } from '@yaoshi/contracts/profile-rules';
import type { LessonDetail, StudySummaryResponse } from '@yaoshi/contracts/study';
import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import { COMPLETE_PROGRESS, fromTenths, publicCourseGateOf, requiredYearTenths } from '@yaoshi/contracts/study-rules';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { courseLessons, courses, type CourseDelivery, type CourseKind } from '../catalogue/catalogue-schema';
import { courseProgress } from './study-schema';
import { enrolments } from '../orders/orders-schema';
import { learners } from '../accounts/accounts-schema';
import { ApiError, notFound } from '../envelope/api-error';
import { learnerStudyYears } from '../catalogue/study-years';
import { publicMediaUrl } from '../media/private-media';
import { playbackPathOf } from '../video-transcode/lesson-transcodes';
import { openPlaybackSession } from './progress-reports';

/** A learner's live enrolments of one year and kind, with their verified progress, in list order. */
async function enrolledCourses(
  db: Database,
  learnerId: number,
  year: number,
  kind: CourseKind,
  delivery: CourseDelivery | null,
) {
  return db
    .select({
      id: courses.id,
      name: courses.name,
      thumb: courses.thumb,
      creditTenths: courses.creditTenths,
      classHourTenths: courses.classHourTenths,
      courseType: courses.courseType,
      progress: sql<number>`coalesce(${courseProgress.progress}, 0)`.mapWith(Number),
      verified: sql<number>`coalesce(${courseProgress.verifiedSeconds}, 0)`.mapWith(Number),
      grade: courseProgress.grade,
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .leftJoin(
      courseProgress,
      and(eq(courseProgress.learnerId, enrolments.learnerId), eq(courseProgress.courseId, enrolments.courseId)),
    )
    .where(
      and(
        eq(enrolments.learnerId, learnerId),
        eq(enrolments.year, year),
        isNull(enrolments.withdrawnAt),
        eq(courses.kind, kind),
        delivery === null ? undefined : eq(courses.delivery, delivery),
      ),
    )
    .orderBy(asc(courses.courseType), asc(courses.sortOrder), asc(courses.id));
}

async function avatarStatusOf(db: Database, learnerId: number): Promise<number> {
  const [learner] = await db.select({ status: learners.avatarStatus }).from(learners).where(eq(learners.id, learnerId));
  return learner?.status ?? AVATAR_STATUS.none;
}

/** `mycourses` / `public_courses_my` (spec 02 §3 "My courses summary"). */
export async function studySummary(
  db: Database,
  clock: Clock,
  learnerId: number,
  requestedYear: number | undefined,
  kind: CourseKind,
  tab: number,
): Promise<StudySummaryResponse> {
  const years = await learnerStudyYears(db, clock.now());
  const year = requestedYear ?? years[0]?.year ?? 0;
  const yearRow = years.find((row) => row.year === year);
  const delivery: CourseDelivery | null = kind === 'public' ? null : tab === 2 ? 'face_to_face' : 'web';
  // Face-to-face courses are unavailable to everyone (spec 02 §1): the tab lists nothing.
  const rows = yearRow && delivery !== 'face_to_face' ? await enrolledCourses(db, learnerId, year, kind, delivery) : [];
  const list = rows.map((row) => ({
    cid: row.id,
    course_id: row.id,
    name: row.name,
    thumb: publicMediaUrl(row.thumb),
    credit: fromTenths(row.creditTenths),
    class_hour: fromTenths(row.classHourTenths),
    course_type: row.courseType,
    learn_progress: row.progress,
    is_grade: row.grade ?? 0,
    learn_time: row.verified,
  }));
  const hoursTenths = rows.reduce((sum, row) => sum + row.classHourTenths, 0);
  const required = fromTenths(requiredYearTenths(kind, yearRow?.needAll ?? 0, hoursTenths));
  return {
    courses: list,
    total: list.length,
    complete: list.filter((course) => course.learn_progress >= COMPLETE_PROGRESS).length,
    class_hour: fromTenths(hoursTenths),
    year_class_hour: required,
    avatar_status: await avatarStatusOf(db, learnerId),
    car: rows
      .filter((row) => row.courseType === 2)
      .map((row) => row.id)
      .join(','),
    year,
    is_buxue: yearRow?.isBuxue ? 1 : 0,
    years: years.map((row) => ({ year: row.year, is_buxue: row.isBuxue ? 1 : 0 })),
  };
}

export interface LessonRequest {
  learnerId: number;
  courseId: number;
  kind: CourseKind;
  /** The page asked for a trial watch (tryIt=1). */
  trial: boolean;
  resumeRecordId: number | null;
}

/**
 * `webcourse_detail` / `public_courses_detail`: the lesson, and a playback session to report
 * on unless the course is finished (review records nothing). Refused, as the study list
 * refuses it in the browser: an avatar not approved, a course not enrolled in (a
 * professional trial excepted), a public course whose previous one is not finished and rated.
 */
export async function lessonDetail(db: Database, clock: Clock, request: LessonRequest): Promise<LessonDetail> {
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, request.courseId), eq(courses.kind, request.kind)));
  if (!course) throw notFound(M.courseNotFound);
  if (course.delivery === 'face_to_face') throw new ApiError(403, M.faceToFaceClosed);
  if (course.videoPath === null || course.durationSeconds === null) throw notFound(M.noVideo);
  if ((await avatarStatusOf(db, request.learnerId)) !== AVATAR_STATUS.approved)
    throw new ApiError(403, M.avatarUnderReview);

  const [enrolment] = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.learnerId, request.learnerId),
        eq(enrolments.courseId, course.id),
        isNull(enrolments.withdrawnAt),
      ),
    );
  const trial = !enrolment;
  if (trial && (course.kind !== 'professional' || !request.trial)) throw new ApiError(403, M.notEnrolled);

  if (course.kind === 'public') {
    const list = await enrolledCourses(db, request.learnerId, course.year, 'public', null);
    const index = list.findIndex((row) => row.id === course.id);
    const gate = publicCourseGateOf(
      list.map((row) => ({ learn_progress: row.progress, is_grade: row.grade ?? 0 })),
      index,
    );
    if (gate === 'previous-unfinished') throw new ApiError(403, M.previousUnfinished);
    if (gate === 'previous-unrated') throw new ApiError(403, M.previousUnrated);
  }

  let progress = { progress: 0, verified: 0, grade: null as number | null, lessonId: null as number | null };
  if (!trial) {
    await db
      .insert(courseProgress)
      .values({ learnerId: request.learnerId, courseId: course.id, updatedAt: clock.now() })
      .onConflictDoNothing();
    const [row] = await db
      .select({
        progress: courseProgress.progress,
        verified: courseProgress.verifiedSeconds,
        grade: courseProgress.grade,
        lessonId: courseProgress.lessonId,
      })
      .from(courseProgress)
      .where(and(eq(courseProgress.learnerId, request.learnerId), eq(courseProgress.courseId, course.id)));
    if (row) progress = row;
  }
  // A learner who had begun a lesson before it was replaced finishes (or reviews) the version
  // they began (issue 20); everyone else watches the current one.
  const lesson = await lessonVersionOf(
    db,
    {
      videoPath: course.videoPath,
      durationSeconds: course.durationSeconds,
      faceCheckPercents: course.faceCheckPercents,
    },
    progress.lessonId,
  );
  const reviewing = progress.progress >= COMPLETE_PROGRESS;
  const recordId = reviewing
    ? 0
    : await openPlaybackSession(db, clock, {
        learnerId: request.learnerId,
        courseId: course.id,
        trial,
        startSeconds: trial ? 0 : progress.verified,
        resumeRecordId: request.resumeRecordId,
      });
  return {
    cid: course.id,
    name: course.name,
    // The HLS master once the video is transcoded (issue 21), the uploaded file until then.
    video_url: publicMediaUrl(await playbackPathOf(db, lesson.videoPath)),
    duration: lesson.durationSeconds,
    thumb: publicMediaUrl(course.thumb),
    teacher_info: {
      name: course.teacherName,
      avatar: publicMediaUrl(course.teacherAvatar),
      description: course.teacherDescription,
    },
    course_description: course.description,
    progress: { progress: progress.progress, learn_time: progress.verified },
    is_grade: progress.grade ?? 0,
    photo: [...lesson.faceCheckPercents].sort((a, b) => a - b),
    quiz_points: course.kind === 'public' ? [...course.quizPercents].sort((a, b) => a - b) : [],
    record_id: recordId,
    trial: trial ? 1 : 0,
    year: course.year,
  };
}

/** The lesson version a progress row is pinned to, or the course's current lesson. */
async function lessonVersionOf(
  db: Database,
  course: { videoPath: string; durationSeconds: number; faceCheckPercents: number[] },
  lessonId: number | null,
) {
  if (lessonId !== null) {
    const [pinned] = await db.select().from(courseLessons).where(eq(courseLessons.id, lessonId));
    if (pinned) return pinned;
  }
  return course;
}

/** `course_evaluate`: once per learner and course, only when the course is finished. */
export async function evaluateCourse(
  db: Database,
  clock: Clock,
  input: { learnerId: number; courseId: number; grade: number; comment: string },
): Promise<void> {
  const now = clock.now();
  const rated = await db
    .update(courseProgress)
    .set({ grade: input.grade, comment: input.comment, ratedAt: now, updatedAt: now })
    .where(
      and(
        eq(courseProgress.learnerId, input.learnerId),
        eq(courseProgress.courseId, input.courseId),
        eq(courseProgress.progress, COMPLETE_PROGRESS),
        isNull(courseProgress.ratedAt),
        sql`exists (select 1 from ${enrolments} where ${enrolments.learnerId} = ${input.learnerId}
          and ${enrolments.courseId} = ${input.courseId} and ${enrolments.withdrawnAt} is null)`,
      ),
    )
    .returning({ grade: courseProgress.grade });
  if (rated.length > 0) return;
  const [row] = await db
    .select({ progress: courseProgress.progress, ratedAt: courseProgress.ratedAt })
    .from(courseProgress)
    .innerJoin(
      enrolments,
      and(
        eq(enrolments.learnerId, courseProgress.learnerId),
        eq(enrolments.courseId, courseProgress.courseId),
        isNull(enrolments.withdrawnAt),
      ),
    )
    .where(and(eq(courseProgress.learnerId, input.learnerId), eq(courseProgress.courseId, input.courseId)));
  if (!row) throw new ApiError(403, M.notEnrolled);
  if (row.ratedAt !== null) throw new ApiError(409, M.alreadyRated);
  throw new ApiError(409, M.notFinishedForRating);
}

/**
 * `course_last` / `checkPubliccourse`: 1 when every course of that year and kind the learner
 * is enrolled in is finished — the course just rated was the last one, and the archive
 * review notice follows.
 */
export async function isLastCourse(
  db: Database,
  learnerId: number,
  year: number,
  courseId: number,
  kind: CourseKind,
): Promise<number> {
  const list = await enrolledCourses(db, learnerId, year, kind, kind === 'public' ? null : 'web');
  if (!list.some((row) => row.id === courseId)) throw new ApiError(403, M.notEnrolled);
  return list.every((row) => row.progress >= COMPLETE_PROGRESS) ? 1 : 0;
}
