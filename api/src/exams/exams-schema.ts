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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';
import { learners } from '../accounts/accounts-schema';
import { academicYears, courses } from '../catalogue/catalogue-schema';

// ── Practice exams (spec 02 §3, §4, §5, §7, §9; issue 6 "Exams") ────────────────────────
//
// Question banks — the year's bank per exam type (1 professional, 2 public; the seeded
// practice, `course_id` null) and, since issue 20, one bank per course that 课程管理 fills —
// and the papers drawn from them for a learner. A paper's questions and, once submitted, the learner's
// answers and the score live here: the key never leaves the server before submission and
// the score is computed from it, never taken from the client.

/**
 * One practice question. `options` holds 2–8 texts (letters A–H); a true/false question's
 * are 正确 and 错误. `answer` is the key as the API writes it: one 1-based option number,
 * or for multiple choice (qtype 2) increasing numbers comma-joined ('1,3').
 */
export const examQuestions = pgTable(
  'exam_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    year: integer('year')
      .notNull()
      .references(() => academicYears.year),
    /** 1 professional, 2 public (the study list's tab index + 1). */
    examType: smallint('exam_type').notNull(),
    /** 1 single choice, 2 multiple choice, 3 true/false. */
    qtype: smallint('qtype').notNull(),
    title: text('title').notNull(),
    options: text('options').array().notNull(),
    answer: text('answer').notNull(),
    /**
     * The course whose bank holds it (issue 20); null for the year's bank. `year` and
     * `exam_type` are then the course's year and kind.
     */
    courseId: integer('course_id').references(() => courses.id),
    /**
     * Set when a question a learner's paper holds is deleted or edited: the paper's review
     * keeps it exactly as it was, and it is never drawn again nor listed in the bank.
     */
    retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('exam_questions_year_type_title_idx')
      .on(table.year, table.examType, table.title)
      .where(sql`${table.courseId} is null`),
    // A stem once per course bank among the questions in use (question-bank-rules.ts compares them with spaces folded).
    uniqueIndex('exam_questions_course_title_idx')
      .on(table.courseId, table.title)
      .where(sql`${table.courseId} is not null and ${table.retiredAt} is null`),
    index('exam_questions_course_idx').on(table.courseId, table.qtype),
    check('exam_questions_exam_type', sql`${table.examType} in (1, 2)`),
    check('exam_questions_qtype', sql`${table.qtype} in (1, 2, 3)`),
    check('exam_questions_option_count', sql`cardinality(${table.options}) between 2 and 8`),
    check(
      'exam_questions_answer',
      sql`(${table.qtype} = 2 and ${table.answer} ~ '^[1-8](,[1-8])*$') or (${table.qtype} <> 2 and ${table.answer} ~ '^[1-8]$')`,
    ),
  ],
);

/**
 * A paper (the API's `pid`) drawn for one learner, year and type, from the year's bank or
 * from one course's. `submitted_at` null is
 * is_post 1 (in progress), set is is_post 2; the counts are written in the same update.
 * At most one paper per learner, year, type and course (or none) is in progress: starting again returns it.
 */
export const examPapers = pgTable(
  'exam_papers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    year: integer('year')
      .notNull()
      .references(() => academicYears.year),
    examType: smallint('exam_type').notNull(),
    /** The course whose bank it was drawn from (issue 20); null for a paper of the year's bank. */
    courseId: integer('course_id').references(() => courses.id),
    questionCount: smallint('question_count').notNull(),
    createdAt: createdAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    rightCount: smallint('right_count'),
    wrongCount: smallint('wrong_count'),
  },
  (table) => [
    index('exam_papers_learner_idx').on(table.learnerId, table.createdAt.desc(), table.id.desc()),
    uniqueIndex('exam_papers_one_open_idx')
      .on(table.learnerId, table.year, table.examType, sql`coalesce(${table.courseId}, 0)`)
      .where(sql`${table.submittedAt} is null`),
    check('exam_papers_exam_type', sql`${table.examType} in (1, 2)`),
    check('exam_papers_question_count', sql`${table.questionCount} > 0`),
    check(
      'exam_papers_score',
      sql`(${table.submittedAt} is null and ${table.rightCount} is null and ${table.wrongCount} is null) or (${table.submittedAt} is not null and ${table.rightCount} >= 0 and ${table.wrongCount} >= 0 and ${table.rightCount} + ${table.wrongCount} = ${table.questionCount})`,
    ),
  ],
);

/** The questions of a paper, in carousel order, with the learner's answers and, once submitted, the marks. */
export const examPaperQuestions = pgTable(
  'exam_paper_questions',
  {
    paperId: integer('paper_id')
      .notNull()
      .references(() => examPapers.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    questionId: integer('question_id')
      .notNull()
      .references(() => examQuestions.id),
    /**
     * The learner's answer, saved as it is given (issue 16 item 15): null while unanswered
     * in a paper in progress, '' for unanswered once the paper is submitted. `is_right` is
     * null until the paper is submitted.
     */
    userAnswer: text('user_answer'),
    isRight: boolean('is_right'),
  },
  (table) => [
    primaryKey({ columns: [table.paperId, table.position] }),
    uniqueIndex('exam_paper_questions_question_idx').on(table.paperId, table.questionId),
    check('exam_paper_questions_position', sql`${table.position} >= 0`),
    check('exam_paper_questions_marked', sql`${table.isRight} is null or ${table.userAnswer} is not null`),
  ],
);
