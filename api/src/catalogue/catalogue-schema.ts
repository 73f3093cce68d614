import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

// ── Course catalogue, orders and enrolments (spec 02 §3, §4, §9; spec 01 §3, §4, §9) ────
//
// The learning side's core: what can be studied in which year, what a learner ordered and
// paid for, and which courses are theirs. Payment (provider records, notifications),
// study progress, ratings, exams, refunds and invoices add their own tables and columns in
// later sections. Hours and credits are stored in tenths (`class_hour_tenths` 45 = 4.5 h)
// so sums are exact integers; money is stored in fen.

/** A study year. Make-up years (`is_buxue`) are the ones /myCourseCopy lists. */
export const academicYears = pgTable(
  'academic_years',
  {
    year: integer('year').primaryKey(),
    isBuxue: boolean('is_buxue').notNull().default(false),
    /** 1: the year's 60 professional hours must all be chosen; 2: no hour requirement (spec 02 §5). */
    needAll: smallint('need_all').notNull().default(1),
    /** The tip `get_course_type` returns for the year (msg1). */
    courseTypeTip: text('course_type_tip').notNull().default(''),
    /** Newest first in `academic_year`; the first one listed is selected by default. */
    sortOrder: integer('sort_order').notNull().default(0),
    /** Sign-up opens and closes on these Beijing days (both included); null: no limit (issue 20). */
    opensOn: date('opens_on', { mode: 'string' }),
    closesOn: date('closes_on', { mode: 'string' }),
    /** The price of one professional class hour, in fen: what the console offers a new course at. */
    hourPriceFen: integer('hour_price_fen').notNull().default(500),
    /**
     * When staff opened the year (study-year-rules.ts); null: a draft, prepared in the console
     * and invisible to learners. Years from before drafts existed were opened by the migration.
     */
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }),
    openedBy: text('opened_by'),
    /** The study period (Beijing days, both included), required to open the year. */
    studyStartsOn: date('study_starts_on', { mode: 'string' }),
    studyEndsOn: date('study_ends_on', { mode: 'string' }),
    /** From this Beijing day the year is the default of every page; required to open the year. */
    defaultFrom: date('default_from', { mode: 'string' }),
  },
  (table) => [
    check('academic_years_need_all', sql`${table.needAll} in (1, 2)`),
    check('academic_years_year_range', sql`${table.year} between 2000 and 2100`),
    check(
      'academic_years_study_period',
      sql`${table.studyStartsOn} is null or ${table.studyEndsOn} is null or ${table.studyStartsOn} <= ${table.studyEndsOn}`,
    ),
  ],
);

export const COURSE_KINDS = ['professional', 'public'] as const;
export type CourseKind = (typeof COURSE_KINDS)[number];

export const COURSE_DELIVERIES = ['web', 'face_to_face'] as const;
export type CourseDelivery = (typeof COURSE_DELIVERIES)[number];

/**
 * One course of one year. Professional courses are compulsory (1) or elective (2); public
 * courses (公需课) are one list and carry course_type 1. Face-to-face courses are placeholder
 * data only: nobody can select, order or study them (spec 02 §1, §6).
 */
export const courses = pgTable(
  'courses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    year: integer('year')
      .notNull()
      .references(() => academicYears.year),
    kind: text('kind', { enum: COURSE_KINDS }).notNull(),
    delivery: text('delivery', { enum: COURSE_DELIVERIES }).notNull().default('web'),
    /** 1 compulsory, 2 elective (spec 02 §3). */
    courseType: smallint('course_type').notNull(),
    name: text('name').notNull(),
    /** Relative to the media folder. */
    thumb: text('thumb').notNull().default(''),
    teacherName: text('teacher_name').notNull().default(''),
    teacherAvatar: text('teacher_avatar').notNull().default(''),
    teacherDescription: text('teacher_description').notNull().default(''),
    description: text('description').notNull().default(''),
    creditTenths: integer('credit_tenths').notNull(),
    classHourTenths: integer('class_hour_tenths').notNull(),
    priceFen: integer('price_fen').notNull(),
    /** The lesson video, relative to the media folder, and its length; set together. */
    videoPath: text('video_path'),
    durationSeconds: integer('duration_seconds'),
    /** Percentages of the video at which a face check is taken (spec 02 §3 `photo`). */
    faceCheckPercents: smallint('face_check_percents')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    /** Public courses: the percentages of the video at which a quiz pops up (spec 02 §7's by default). */
    quizPercents: smallint('quiz_percents')
      .array()
      .notNull()
      .default(sql`'{35,50,65,80,95}'::smallint[]`),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('courses_year_kind_idx').on(table.year, table.kind, table.sortOrder),
    uniqueIndex('courses_year_kind_name_idx').on(table.year, table.kind, table.name),
    check('courses_kind', sql`${table.kind} in ('professional', 'public')`),
    check('courses_delivery', sql`${table.delivery} in ('web', 'face_to_face')`),
    check('courses_course_type', sql`${table.courseType} in (1, 2)`),
    check(
      'courses_amounts',
      sql`${table.creditTenths} >= 0 and ${table.classHourTenths} > 0 and ${table.priceFen} >= 0`,
    ),
    check(
      'courses_video',
      sql`(${table.videoPath} is null and ${table.durationSeconds} is null) or (${table.videoPath} is not null and ${table.durationSeconds} > 0)`,
    ),
  ],
);

/**
 * Every version of a course's lesson (issue 20). The course row keeps the current one's video,
 * length and face-check points (what a learner starting now watches); replacing the lesson adds
 * a version here and never changes an older one, so a learner whose progress is pinned to an
 * older version (`course_progress.lesson_id`) keeps studying exactly what they started. A course
 * whose video came from before versions has no row until its lesson is first replaced; the
 * replacement then records the old video as version 1.
 */
export const courseLessons = pgTable(
  'course_lessons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    version: integer('version').notNull(),
    videoPath: text('video_path').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    faceCheckPercents: smallint('face_check_percents')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    /** The file's name on the uploader's computer ('' for a video from before versions). */
    originalName: text('original_name').notNull().default(''),
    createdBy: text('created_by').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    uniqueIndex('course_lessons_course_version_idx').on(table.courseId, table.version),
    check('course_lessons_duration', sql`${table.durationSeconds} > 0`),
  ],
);
