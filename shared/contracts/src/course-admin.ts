import './zod-setup';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import * as courseAdminRoutes from './routes/course-admin';
import {
  COURSE_ADMIN_LIMITS as L,
  COURSE_ADMIN_MESSAGES as M,
  fenOfYuan,
  isCalendarDay,
  normalisedPoints,
  tenthsOf,
  TRANSCODE_STATUSES,
} from './course-admin-rules';
import { STUDY_YEAR_MESSAGES as Y } from './study-year-rules';
import { selectionCourseSchema } from './enrolment';

/**
 * 课程管理 in the console (permission `courses.manage`): study years, the courses
 * of a year, their thumbnails and their lesson (the video with its face-check points; a
 * replaced lesson is a new version, see docs/console.md, "Course management"). The video itself arrives by
 * tus (`LESSON_UPLOAD_PATH`), outside the envelope; `lessonSave` then attaches the finished
 * upload to the course.
 */

/** The tus endpoint of lesson videos (POST to create, PATCH/HEAD on `<path>/<id>`), staff token as Bearer. */
export const LESSON_UPLOAD_PATH = '/v1/admin/course_videos/uploads';

const yearNumber = z
  .number({ error: M.yearInvalid })
  .int({ error: M.yearInvalid })
  .min(2000, { error: M.yearInvalid })
  .max(2100, { error: M.yearInvalid });
const dayOrNull = z.string({ error: M.dateInvalid }).refine(isCalendarDay, { error: M.dateInvalid }).nullable();
const yuan = (message: string) =>
  z
    .number({ error: message })
    .min(0, { error: message })
    .max(L.maxPriceFen / 100, { error: message })
    .refine((value) => fenOfYuan(value) !== null, { error: message });
const points = (message: string) =>
  z
    .array(z.number({ error: message }), { error: message })
    .refine((list) => normalisedPoints(list) !== null, { error: message });

export const courseYearInputSchema = z
  .strictObject({
    year: yearNumber,
    is_buxue: z.boolean({ error: M.yearInvalid }),
    /** 1: the year's 60 professional hours must be met; 2: no hour requirement (spec 02 §5). */
    need_all: z.union([z.literal(1), z.literal(2)], { error: M.needAllInvalid }),
    course_type_tip: z.string({ error: M.tipTooLong }).trim().max(L.tip, { error: M.tipTooLong }),
    opens_on: dayOrNull,
    closes_on: dayOrNull,
    /** The price of one professional class hour, in yuan: what a new course of the year is offered at. */
    hour_price: yuan(M.hourPriceInvalid),
    sort_order: z.number({ error: M.yearInvalid }).int({ error: M.yearInvalid }).min(0).max(1000),
    /** The study period, and the day the year becomes every page's default (required to open it). */
    study_starts_on: dayOrNull.optional().default(null),
    study_ends_on: dayOrNull.optional().default(null),
    default_from: dayOrNull.optional().default(null),
  })
  .refine((value) => value.opens_on === null || value.closes_on === null || value.opens_on <= value.closes_on, {
    error: M.datesOrder,
  })
  .refine(
    (value) =>
      value.study_starts_on === null || value.study_ends_on === null || value.study_starts_on <= value.study_ends_on,
    { error: Y.studyDatesOrder },
  )
  .refine((value) => value.opens_on === null || value.default_from === null || value.opens_on <= value.default_from, {
    error: Y.defaultBeforeOpening,
  });
export type CourseYearInput = z.input<typeof courseYearInputSchema>;

export const courseYearSchema = z.object({
  year: z.number(),
  is_buxue: z.boolean(),
  need_all: z.number(),
  course_type_tip: z.string(),
  opens_on: z.string().nullable(),
  closes_on: z.string().nullable(),
  hour_price: z.number(),
  sort_order: z.number(),
  course_count: z.number(),
  study_starts_on: z.string().nullable(),
  study_ends_on: z.string().nullable(),
  default_from: z.string().nullable(),
  /** 草稿 until staff open it; learners see it from its enrolment opening day. */
  status: z.enum(['draft', 'scheduled', 'open']),
  /** Beijing time, or null for a draft. */
  opened_at: z.string().nullable(),
  opened_by: z.string().nullable(),
  /** The year every page opens on today (study-year-rules.ts). */
  is_current: z.boolean(),
});
export type CourseYear = z.output<typeof courseYearSchema>;

/** A year as a learner choosing courses would see it: the selection pages' tip and catalogue. */
export const yearPreviewSchema = z.object({
  year: z.number(),
  is_buxue: z.boolean(),
  status: z.enum(['draft', 'scheduled', 'open']),
  need_all: z.number(),
  msg1: z.string(),
  professional: z.array(selectionCourseSchema),
  public: z.array(selectionCourseSchema),
});
export type YearPreview = z.output<typeof yearPreviewSchema>;

const kindChoice = z.enum(['compulsory', 'elective', 'public'], { error: M.kindInvalid });

export const courseInputSchema = z.strictObject({
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, { error: M.nameRequired })
    .max(L.name, { error: M.nameTooLong }),
  kind: kindChoice,
  face_to_face: z.boolean({ error: M.kindInvalid }),
  credit: z
    .number({ error: M.creditInvalid })
    .min(0, { error: M.creditInvalid })
    .max(L.maxCreditTenths / 10, { error: M.creditInvalid })
    .refine((value) => tenthsOf(value) !== null, { error: M.creditInvalid }),
  class_hour: z
    .number({ error: M.hoursInvalid })
    .gt(0, { error: M.hoursInvalid })
    .max(L.maxHourTenths / 10, { error: M.hoursInvalid })
    .refine((value) => tenthsOf(value) !== null, { error: M.hoursInvalid }),
  price: yuan(M.priceInvalid),
  teacher_name: z.string({ error: M.teacherTooLong }).trim().max(L.teacher, { error: M.teacherTooLong }),
  teacher_description: z.string({ error: M.textTooLong }).trim().max(L.text, { error: M.textTooLong }),
  description: z.string({ error: M.textTooLong }).trim().max(L.text, { error: M.textTooLong }),
  /** Public courses only (spec 02 §7: 35, 50, 65, 80, 95 unless changed). */
  quiz_points: points(M.quizPointsInvalid),
  sort_order: z.number({ error: M.nameRequired }).int().min(0).max(10000),
});
export type CourseInput = z.input<typeof courseInputSchema>;

/** The HLS transcode of one video (issue 21); null when the video has none yet. */
export const transcodeSchema = z.object({
  transcode_id: z.number(),
  status: z.enum(TRANSCODE_STATUSES),
  /** 排队中 / 转码中 / 已完成 / 失败. */
  status_text: z.string(),
  /** 0–100, as ffmpeg goes through the source. */
  percent: z.number(),
  /** ffmpeg's reason when it failed ('' otherwise). */
  reason: z.string(),
  attempts: z.number(),
  /** The master playlist learners play once done ('' until then). */
  master_url: z.string(),
  poster_url: z.string(),
  /** The transcoded length in seconds, which the study rules count against (null until done). */
  duration: z.number().nullable(),
  updated_at: z.string(),
});
export type Transcode = z.output<typeof transcodeSchema>;

export const lessonVersionSchema = z.object({
  lesson_id: z.number(),
  version: z.number(),
  video_url: z.string(),
  duration: z.number(),
  face_points: z.array(z.number()),
  original_name: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  /** Learners whose recorded progress belongs to this version (they studied it before it was replaced). */
  learners: z.number(),
  transcode: transcodeSchema.nullable(),
});
export type LessonVersion = z.output<typeof lessonVersionSchema>;

export const adminCourseSchema = z.object({
  course_id: z.number(),
  year: z.number(),
  name: z.string(),
  kind: kindChoice,
  face_to_face: z.boolean(),
  credit: z.number(),
  class_hour: z.number(),
  price: z.number(),
  teacher_name: z.string(),
  teacher_description: z.string(),
  description: z.string(),
  thumb_url: z.string(),
  /** The teacher's photo on the lesson page ('' when none). */
  teacher_avatar_url: z.string(),
  quiz_points: z.array(z.number()),
  sort_order: z.number(),
  /** The current lesson: what a learner starting now watches. */
  video_url: z.string(),
  duration: z.number().nullable(),
  face_points: z.array(z.number()),
  lesson_version: z.number(),
  /** Orders naming this course; more than 0 freezes `frozen_fields`. */
  order_count: z.number(),
  frozen_fields: z.array(z.string()),
  frozen_reason: z.string(),
});
export type AdminCourse = z.output<typeof adminCourseSchema>;

export const courseDetailSchema = adminCourseSchema.extend({
  lessons: z.array(lessonVersionSchema),
  /** The current video's transcode (the course's `video_url`). */
  transcode: transcodeSchema.nullable(),
});
export type AdminCourseDetail = z.output<typeof courseDetailSchema>;

const courseId = z
  .number({ error: M.courseUnknown })
  .int({ error: M.courseUnknown })
  .positive({ error: M.courseUnknown });

/** A course picture: its bytes, base64 (PNG, JPEG or WebP, at most 2 MB). */
const courseImageRequest = z.strictObject({
  course_id: courseId,
  image_base64: z
    .string({ error: M.imageInvalid })
    .min(1, { error: M.imageInvalid })
    .max(Math.ceil((L.imageBytes * 4) / 3) + 4, { error: M.imageTooLarge }),
});

export const courseAdminEndpoints = {
  years: defineEndpoint({
    ...courseAdminRoutes.years,
    request: z.strictObject({}),
    response: z.array(courseYearSchema),
  }),
  yearCreate: defineEndpoint({
    ...courseAdminRoutes.yearCreate,
    request: courseYearInputSchema,
    response: courseYearSchema,
  }),
  yearUpdate: defineEndpoint({
    ...courseAdminRoutes.yearUpdate,
    request: courseYearInputSchema,
    response: courseYearSchema,
  }),
  /** Opens a draft year to learners (from its enrolment opening day); its dates must be set. */
  yearOpen: defineEndpoint({
    ...courseAdminRoutes.yearOpen,
    request: z.strictObject({ year: yearNumber }),
    response: courseYearSchema,
  }),
  /** Any year, drafts included, as the learner's course selection would show it. */
  yearPreview: defineEndpoint({
    ...courseAdminRoutes.yearPreview,
    request: z.strictObject({ year: yearNumber }),
    response: yearPreviewSchema,
  }),
  courses: defineEndpoint({
    ...courseAdminRoutes.courses,
    request: z.strictObject({ year: yearNumber }),
    response: z.array(adminCourseSchema),
  }),
  detail: defineEndpoint({
    ...courseAdminRoutes.detail,
    request: z.strictObject({ course_id: courseId }),
    response: courseDetailSchema,
  }),
  create: defineEndpoint({
    ...courseAdminRoutes.create,
    request: courseInputSchema.extend({ year: yearNumber }).strict(),
    response: courseDetailSchema,
  }),
  update: defineEndpoint({
    ...courseAdminRoutes.update,
    request: courseInputSchema.extend({ course_id: courseId }).strict(),
    response: courseDetailSchema,
  }),
  thumbnail: defineEndpoint({
    ...courseAdminRoutes.thumbnail,
    request: courseImageRequest,
    response: courseDetailSchema,
  }),
  /** The teacher's photo, shown beside the lesson (授课教师). */
  teacherAvatar: defineEndpoint({
    ...courseAdminRoutes.teacherAvatar,
    request: courseImageRequest,
    response: courseDetailSchema,
  }),
  lessonSave: defineEndpoint({
    ...courseAdminRoutes.lessonSave,
    request: z.strictObject({
      course_id: courseId,
      /** A finished tus upload; absent: the current video is kept and only the face-check points change. */
      upload_id: z
        .string({ error: M.uploadUnknown })
        .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: M.uploadUnknown })
        .optional(),
      face_points: points(M.facePointsInvalid),
    }),
    response: courseDetailSchema,
  }),
  /** 重新转码 (issue 21): a failed transcode back in the queue. */
  transcodeRetry: defineEndpoint({
    ...courseAdminRoutes.transcodeRetry,
    request: z.strictObject({
      transcode_id: z
        .number({ error: M.transcodeUnknown })
        .int({ error: M.transcodeUnknown })
        .positive({ error: M.transcodeUnknown }),
    }),
    response: transcodeSchema,
  }),
};
