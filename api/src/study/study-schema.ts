import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { updatedAt } from '../db/columns';
import { learners } from '../accounts/accounts-schema';
import { courseLessons, courses } from '../catalogue/catalogue-schema';

// ── Study: progress, playback sessions, the report audit trail, ratings, public quizzes ──
// (issue 6; spec 02 §3, §4, §7, §9)
//
// Progress is what the server verified, never what a browser claimed: a lesson is watched
// through a playback session (`study_sessions`, its id is the `record_id` clients send),
// every report is checked against the session and written to `study_reports` whether it was
// accepted or not, and only accepted reports move `course_progress`. Face-check photos are
// the `face_photos` rows with a course (their percent and time): with `study_reports` they
// are the audit trail an administrator reads per learner and course.

/**
 * A learner's verified progress in one course. `verified_seconds` is the furthest point of
 * the video the server accepted (the resume point, `learn_time`); `progress` follows from
 * it; `completed_at` is set once, when the required share was covered. The rating
 * (`course_evaluate`) is kept here too: one per learner and course.
 */
export const courseProgress = pgTable(
  'course_progress',
  {
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    /**
     * The lesson version this progress belongs to; null: the course's current lesson. Set when
     * the lesson is replaced after the learner had begun it (issue 20): they finish the version
     * they started, and what they completed stays completed.
     */
    lessonId: integer('lesson_id').references(() => courseLessons.id),
    verifiedSeconds: integer('verified_seconds').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /** 1 not satisfied … 4 very satisfied; null until rated. */
    grade: smallint('grade'),
    comment: text('comment').notNull().default(''),
    ratedAt: timestamp('rated_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.learnerId, table.courseId] }),
    check('course_progress_verified', sql`${table.verifiedSeconds} >= 0`),
    check('course_progress_progress', sql`${table.progress} between 0 and 100`),
    check('course_progress_completed', sql`(${table.progress} = 100) = (${table.completedAt} is not null)`),
    check('course_progress_grade', sql`${table.grade} between 1 and 4`),
    check('course_progress_rated', sql`(${table.grade} is null) = (${table.ratedAt} is null)`),
  ],
);

/**
 * One playback of one lesson in one page (the `record_id`). A trial session belongs to a
 * learner who is not enrolled: its position is capped at the trial limit and never becomes
 * course progress. `position_seconds` and `last_accepted_at` are the point and time of the
 * last accepted report (at the start: the resume point and the opening time), against which
 * the next report is checked.
 */
export const studySessions = pgTable(
  'study_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    trial: boolean('trial').notNull(),
    positionSeconds: integer('position_seconds').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastAcceptedAt: timestamp('last_accepted_at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * The wall-clock instant the session's verified playing time has been credited up to:
     * at opening (or a reload's continuation) the opening time, and each accepted report
     * moves it on by exactly the seconds it advanced (report-rules.ts). A report may advance
     * only as far as the wall time since this instant, so reports sent late (queued while
     * offline) still fit, and the total never outruns the wall clock. (The default only
     * covers sessions open when the column was added: every session sets it.)
     */
    creditedUntil: timestamp('credited_until', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now()`),
    /** Set when a report of this session was accepted: from then on it is a live playback. */
    playingAt: timestamp('playing_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    // Only the learner: a report rewrites playing_at and last_accepted_at, and with neither
    // indexed that update stays on its heap page (HOT) instead of adding index entries.
    index('study_sessions_learner_idx').on(table.learnerId),
    check('study_sessions_position', sql`${table.positionSeconds} >= 0`),
  ],
);

export const STUDY_REPORT_OUTCOMES = [
  'accepted',
  'beyond_length',
  'too_fast',
  'backwards',
  'not_enrolled',
  'trial_limit',
  'second_session',
  'unknown_session',
  'already_completed',
  /** Not a position report: the learner moved study to this session (在此继续学习). */
  'takeover',
] as const;
export type StudyReportOutcome = (typeof STUDY_REPORT_OUTCOMES)[number];

/**
 * Every progress report received, accepted or refused, with what it claimed: the audit
 * trail. Append-only, and without foreign keys on purpose: a trail must outlive what it
 * speaks of (nothing deletes learners, courses or playback sessions today, and a future
 * deletion must not cascade into the evidence), and its ids are written by one statement
 * (progress-reports.ts) that has just read, and for the learner updated, the rows they
 * name in the same transaction. The three foreign-key checks were about 40 % of the
 * report's write in PostgreSQL, on the hottest path of the API.
 */
export const studyReports = pgTable(
  'study_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    learnerId: integer('learner_id').notNull(),
    /** Null only for a report naming a playback session that is not the learner's. */
    courseId: integer('course_id'),
    sessionId: integer('session_id'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The position the client claimed, in seconds (fractions dropped). */
    claimedSeconds: integer('claimed_seconds').notNull(),
    outcome: text('outcome', { enum: STUDY_REPORT_OUTCOMES }).notNull(),
    /** True on the one report that completed the course. */
    completed: boolean('completed').notNull().default(false),
  },
  (table) => [
    index('study_reports_learner_course_idx').on(table.learnerId, table.courseId, table.receivedAt),
    check(
      'study_reports_outcome',
      sql`${table.outcome} in ('accepted', 'beyond_length', 'too_fast', 'backwards', 'not_enrolled', 'trial_limit', 'second_session', 'unknown_session', 'already_completed', 'takeover')`,
    ),
  ],
);

/**
 * The quiz questions of a public course (spec 02 §7 `public_courses_examList`): each course
 * has its own, on its own subject; `answer` is the right option's 1-based number and never
 * leaves the server. A question without a course is one of the first shared bank's (before
 * issue 16), kept only because answers refer to it; none is served.
 */
export const publicQuizQuestions = pgTable(
  'public_quiz_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id').references(() => courses.id),
    title: text('title').notNull(),
    /** The options, in order (shown as A, B, C …). */
    options: text('options').array().notNull(),
    answer: smallint('answer').notNull(),
  },
  (table) => [
    unique('public_quiz_questions_course_title').on(table.courseId, table.title),
    check(
      'public_quiz_questions_answer',
      sql`${table.answer} >= 1 and ${table.answer} <= cardinality(${table.options})`,
    ),
  ],
);

/** Each quiz answer submitted during a public lesson, right or wrong. */
export const publicQuizAnswers = pgTable(
  'public_quiz_answers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    questionId: integer('question_id')
      .notNull()
      .references(() => publicQuizQuestions.id),
    percentage: smallint('percentage').notNull(),
    chosen: smallint('chosen').notNull(),
    correct: boolean('correct').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('public_quiz_answers_learner_course_idx').on(table.learnerId, table.courseId)],
);
