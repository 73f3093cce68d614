import './zod-setup';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import * as studyRoutes from './routes/study';
import { recordIdSchema, wholeNumberSchema } from './request-numbers';
import { MAX_GRADE, MIN_GRADE } from './study-rules';

// Defined with the study rules, which carry no zod, so the lesson page can use it without
// shipping zod to the browser; the server's routes take it from here with the schemas.
export { REPORT_STATE } from './study-rules';

/**
 * Study (spec 02 §3, §7): study lists, lesson details, progress reports, ratings, the
 * last-course check, public quizzes and public face comparison. Exams are elsewhere.
 *
 * Playback sessions: a lesson's detail call opens a playback session and answers its
 * `record_id`; every progress report names it. A page that reloads (the face check's 60 s
 * rule) sends the `record_id` it had, so the same playback continues instead of counting
 * as a second one.
 */

const yearSchema = wholeNumberSchema(2000, 2100);
/** A position or length in seconds: JSON numbers may carry fractions (the player's currentTime). */
const secondsSchema = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,7}(\.\d{1,6})?$/)
      .transform(Number),
  ])
  .pipe(z.number().finite().min(0).max(10_000_000));
const stateSchema = z
  .union([
    z.literal(1),
    z.literal(2),
    z.literal(3),
    z.literal(4),
    z.literal('1'),
    z.literal('2'),
    z.literal('3'),
    z.literal('4'),
  ])
  .transform(Number)
  .optional();
/** 0 or absent: open a new playback session. */
const optionalRecordId = z.union([recordIdSchema, z.literal(0), z.literal('0'), z.literal('')]).optional();
const flagSchema = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform(Number)
  .optional();

export const studyCourseSchema = z.object({
  cid: z.number().int(),
  course_id: z.number().int(),
  name: z.string(),
  thumb: z.string(),
  /** One decimal. */
  credit: z.number(),
  class_hour: z.number(),
  /** 1 compulsory, 2 elective (public courses: 1). */
  course_type: z.number().int(),
  learn_progress: z.number().int().min(0).max(100),
  /** 0 unrated, otherwise the grade. */
  is_grade: z.number().int(),
  /** Seconds verified, where the lesson resumes. */
  learn_time: z.number().int(),
});
export type StudyCourse = z.infer<typeof studyCourseSchema>;

/** spec 02 §3 "My courses summary"; totalPro, studyHours and studyCredit come from study-rules. */
export const studySummarySchema = z.object({
  courses: z.array(studyCourseSchema),
  total: z.number().int(),
  complete: z.number().int(),
  /** Hours of the listed courses and the year's required hours, one decimal. */
  class_hour: z.number(),
  year_class_hour: z.number(),
  avatar_status: z.number().int(),
  /** Comma-joined cids of the electives among them. */
  car: z.string(),
  year: z.number().int(),
  is_buxue: z.number().int(),
  /** Every study year, newest first, for the year tabs (the same list as academic_year). */
  years: z.array(z.object({ year: z.number().int(), is_buxue: z.number().int() })),
});
export type StudySummaryResponse = z.infer<typeof studySummarySchema>;

export const myCoursesRequestSchema = z.strictObject({
  /** Absent: the first year of the list (newest), as the year selector starts. */
  year: yearSchema.optional(),
  /** The tab: 1 web-taught, 2 face-to-face. */
  type: z
    .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')])
    .transform(Number)
    .optional(),
});
export type MyCoursesRequest = z.input<typeof myCoursesRequestSchema>;

export const lessonDetailSchema = z.object({
  cid: z.number().int(),
  name: z.string(),
  video_url: z.string(),
  /** The video's length the server counts against, in seconds. */
  duration: z.number().int(),
  thumb: z.string(),
  teacher_info: z.object({ name: z.string(), avatar: z.string(), description: z.string() }),
  course_description: z.string(),
  progress: z.object({ progress: z.number().int(), learn_time: z.number().int() }),
  is_grade: z.number().int(),
  /** Percent points of the face checks. */
  photo: z.array(z.number().int()),
  /** Public courses: the percentages at which a quiz pops up (set in 课程管理; spec 02 §7's by default). */
  quiz_points: z.array(z.number().int()).optional(),
  /** The playback session to report on; 0 in review (nothing is recorded). */
  record_id: z.number().int(),
  /** 1: a trial watch of a course the learner is not enrolled in. */
  trial: z.number().int(),
  year: z.number().int(),
});
export type LessonDetail = z.infer<typeof lessonDetailSchema>;

export const webcourseDetailRequestSchema = z.strictObject({
  cid: recordIdSchema,
  /** The original client's flag: 0 for a trial (tryIt=1). The server decides from the enrolment. */
  formal: flagSchema,
  record_id: optionalRecordId,
});
export type WebcourseDetailRequest = z.input<typeof webcourseDetailRequestSchema>;

export const publicDetailRequestSchema = z.strictObject({ course_id: recordIdSchema, record_id: optionalRecordId });
export type PublicDetailRequest = z.input<typeof publicDetailRequestSchema>;

/**
 * A professional progress report. `pos` is the position reached (seconds); `vlength` and
 * `start_time` are the client's view, kept for compatibility and not trusted; `state` 2
 * marks the end of the video, 3 the page leaving it, 4 the learner's 在此继续学习 (for 3 and 4 the
 * position is not judged, see REPORT_STATE); `flag` 1 a trial.
 */
export const recordsRequestSchema = z.strictObject({
  cid: recordIdSchema,
  record_id: recordIdSchema,
  pos: secondsSchema,
  vlength: secondsSchema.optional(),
  start_time: secondsSchema.optional(),
  state: stateSchema,
  flag: flagSchema,
});
export type RecordsRequest = z.input<typeof recordsRequestSchema>;

export const progressReportResponseSchema = z.object({
  record_id: z.number().int(),
  progress: z.number().int(),
  percentage: z.number().int(),
  learn_time: z.number().int(),
});
export type ProgressReportResponse = z.infer<typeof progressReportResponseSchema>;

/** A public progress report: `duration` is the position reached, `total_duration` the client's length. */
export const publicRecordRequestSchema = z.strictObject({
  record_id: recordIdSchema,
  duration: secondsSchema,
  total_duration: secondsSchema.optional(),
  pos: secondsSchema.optional(),
  flag: flagSchema,
  state: stateSchema,
});
export type PublicRecordRequest = z.input<typeof publicRecordRequestSchema>;

export const evaluateRequestSchema = z.strictObject({
  course_id: recordIdSchema,
  stu_grade: wholeNumberSchema(MIN_GRADE, MAX_GRADE),
  stu_commont: z.string().trim().max(500).optional(),
  /** 0 professional, 1 public. */
  type: flagSchema,
});
export type EvaluateRequest = z.input<typeof evaluateRequestSchema>;

export const lastCourseRequestSchema = z.strictObject({ year: yearSchema, course_id: recordIdSchema });
export type LastCourseRequest = z.input<typeof lastCourseRequestSchema>;
export const lastCourseResponseSchema = z.object({ is_last: z.number().int() });

export const quizQuestionRequestSchema = z.strictObject({
  course_id: recordIdSchema,
  percentage: wholeNumberSchema(0, 100),
});
export type QuizQuestionRequest = z.input<typeof quizQuestionRequestSchema>;
export const quizQuestionSchema = z.object({
  qid: z.number().int(),
  title: z.string(),
  percentage: z.number().int(),
  /** Letter and text of each option; the answer stays on the server, which checks it. */
  pc_options: z.array(z.object({ letter: z.string(), text: z.string() })),
});
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

export const quizAnswerSchema = z.object({
  qid: recordIdSchema,
  percentage: wholeNumberSchema(0, 100),
  /** The chosen option: its letter (A–H) or 1-based number. */
  answer: z.union([z.string().regex(/^[A-Ha-h1-8]$/), z.number().int().min(1).max(8)]),
});
export const quizResultRequestSchema = z.strictObject({
  course_id: recordIdSchema,
  /** JSON text of [{ qid, percentage, answer }] (the original client's shape). */
  question_details: z.string().max(10_000),
  /** The client's own verdicts; ignored, the server checks the answer. */
  is_pass: z.unknown().optional(),
  is_exam: z.unknown().optional(),
});
export type QuizResultRequest = z.input<typeof quizResultRequestSchema>;
export const quizResultResponseSchema = z.object({ is_pass: z.number().int() });

export const faceCompareRequestSchema = z.strictObject({
  avatar: z.string().min(1),
  course_id: recordIdSchema,
  percent: wholeNumberSchema(0, 100).optional(),
});
export type FaceCompareRequest = z.input<typeof faceCompareRequestSchema>;
/** The photo is recorded for the administrator's review; `result` 1 = recorded. */
export const faceCompareResponseSchema = z.object({ result: z.number().int() });

export const studyEndpoints = {
  mycourses: defineEndpoint({
    ...studyRoutes.mycourses,
    request: myCoursesRequestSchema,
    response: studySummarySchema,
  }),
  publicMy: defineEndpoint({
    ...studyRoutes.publicMy,
    request: myCoursesRequestSchema,
    response: studySummarySchema,
  }),
  webcourseDetail: defineEndpoint({
    ...studyRoutes.webcourseDetail,
    request: webcourseDetailRequestSchema,
    response: lessonDetailSchema,
  }),
  publicDetail: defineEndpoint({
    ...studyRoutes.publicDetail,
    request: publicDetailRequestSchema,
    response: lessonDetailSchema,
  }),
  records: defineEndpoint({
    ...studyRoutes.records,
    request: recordsRequestSchema,
    response: progressReportResponseSchema,
  }),
  publicRecord: defineEndpoint({
    ...studyRoutes.publicRecord,
    request: publicRecordRequestSchema,
    response: progressReportResponseSchema,
  }),
  evaluate: defineEndpoint({
    ...studyRoutes.evaluate,
    request: evaluateRequestSchema,
    response: z.null(),
  }),
  courseLast: defineEndpoint({
    ...studyRoutes.courseLast,
    request: lastCourseRequestSchema,
    response: lastCourseResponseSchema,
  }),
  checkPublicLast: defineEndpoint({
    ...studyRoutes.checkPublicLast,
    request: lastCourseRequestSchema,
    response: lastCourseResponseSchema,
  }),
  quizQuestion: defineEndpoint({
    ...studyRoutes.quizQuestion,
    request: quizQuestionRequestSchema,
    response: quizQuestionSchema,
  }),
  quizResult: defineEndpoint({
    ...studyRoutes.quizResult,
    request: quizResultRequestSchema,
    response: quizResultResponseSchema,
  }),
  faceCompare: defineEndpoint({
    ...studyRoutes.faceCompare,
    request: faceCompareRequestSchema,
    response: faceCompareResponseSchema,
  }),
};
