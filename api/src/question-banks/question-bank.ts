import { and, asc, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { QuestionType } from '@yaoshi/contracts/exam-rules';
import {
  QUESTION_BANK_MESSAGES,
  bankReadiness,
  checkedQuestion,
  questionProblems,
  stemKey,
  type BankReadiness,
  type CheckedQuestion,
  type QuestionDraft,
} from '@yaoshi/contracts/question-bank-rules';
import type {
  BankCourse,
  BankCourses,
  BankQuestion,
  BankQuestions,
  BankQuestionsRequest,
  QuestionDeleteResult,
  QuestionSaved,
} from '@yaoshi/contracts/question-banks';
import { COURSE_KIND_NAMES } from '@yaoshi/contracts/site-names';
import type { Clock } from '../clock';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import type { Database } from '../db/database';
import { badInput, conflict, notFound } from '../envelope/api-error';
import { isUniqueViolation } from '../spreadsheets/xlsx-import';
import { escapeLike, type Audit } from '../audit/audit-log';
import { courses } from '../catalogue/catalogue-schema';
import { staffStudyYears } from '../catalogue/study-years';
import { examPaperQuestions, examQuestions } from '../exams/exams-schema';
import { NO_QUESTIONS, courseBankCounts, examTypeOfKind, questionInUse } from '../exams/exam-papers';

/**
 * 题库管理 (issue 20): one question bank per course. Questions are checked by the rules of
 * question-bank-rules.ts, the same for a form and for an import row. A question a learner's
 * paper holds is never changed or removed: deleting retires it and editing retires it and
 * adds the new version, so every submitted paper's review stays exactly as it was marked.
 */

export interface BankCourseRecord {
  id: number;
  year: number;
  kind: 'professional' | 'public';
  name: string;
}

/** The course whose bank is meant; 404 课程不存在 for an unknown id. */
export async function bankCourseOf(db: Database, courseId: number): Promise<BankCourseRecord> {
  const [course] = await db
    .select({ id: courses.id, year: courses.year, kind: courses.kind, name: courses.name })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) throw notFound(QUESTION_BANK_MESSAGES.courseUnknown);
  return course;
}

export async function bankReadinessOf(db: Database, course: BankCourseRecord): Promise<BankReadiness> {
  const counts = (await courseBankCounts(db, [course.id])).get(course.id) ?? NO_QUESTIONS;
  return bankReadiness(examTypeOfKind(course.kind), counts);
}

function bankCourseRow(course: BankCourseRecord, bank: BankReadiness): BankCourse {
  return {
    cid: course.id,
    year: course.year,
    name: course.name,
    kind_text: COURSE_KIND_NAMES[course.kind],
    exam_type: examTypeOfKind(course.kind),
    bank,
  };
}

/** The study years, and the courses of one (the current year when none is asked for) with their banks' sizes. */
export async function listBankCourses(db: Database, year: number | undefined, now: Date): Promise<BankCourses> {
  const { years: yearRows, current } = await staffStudyYears(db, now);
  const years = yearRows.map((row) => row.year).sort((a, b) => b - a);
  const shown = year ?? current?.year ?? null;
  if (shown === null) return { years, year: null, courses: [] };
  const rows = await db
    .select({ id: courses.id, year: courses.year, kind: courses.kind, name: courses.name })
    .from(courses)
    .where(eq(courses.year, shown))
    .orderBy(asc(courses.kind), asc(courses.sortOrder), asc(courses.id));
  const counts = await courseBankCounts(
    db,
    rows.map((row) => row.id),
  );
  return {
    years,
    year: shown,
    courses: rows.map((course) =>
      bankCourseRow(course, bankReadiness(examTypeOfKind(course.kind), counts.get(course.id) ?? NO_QUESTIONS)),
    ),
  };
}

const usedCount = sql<number>`(select count(*)::int from ${examPaperQuestions} where ${examPaperQuestions.questionId} = ${examQuestions.id})`;

const questionColumns = {
  id: examQuestions.id,
  qtype: examQuestions.qtype,
  title: examQuestions.title,
  options: examQuestions.options,
  answer: examQuestions.answer,
  createdAt: examQuestions.createdAt,
  used: usedCount,
};

interface QuestionRecord {
  id: number;
  qtype: number;
  title: string;
  options: string[];
  answer: string;
  createdAt: Date;
  used: number;
}

function bankQuestionRow(row: QuestionRecord): BankQuestion {
  return {
    qid: row.id,
    qtype: row.qtype as QuestionType,
    title: row.title,
    options: row.options,
    answer: row.answer,
    used: Number(row.used),
    created_at: formatBeijingTime(row.createdAt),
  };
}

/** One page of a course's bank (questions in use), newest first, searched in stems and options. */
export async function listBankQuestions(
  db: Database,
  query: BankQuestionsRequest & { page: number; size: number },
): Promise<BankQuestions> {
  const course = await bankCourseOf(db, query.cid);
  const conditions: (SQL | undefined)[] = [eq(examQuestions.courseId, course.id), questionInUse];
  if (query.qtype !== undefined) conditions.push(eq(examQuestions.qtype, query.qtype));
  if (query.keyword) {
    const like = `%${escapeLike(query.keyword)}%`;
    conditions.push(
      or(ilike(examQuestions.title, like), sql`array_to_string(${examQuestions.options}, ' ') ilike ${like}`),
    );
  }
  const where = and(...conditions);
  const [[total], rows, bank] = await Promise.all([
    db.select({ n: count() }).from(examQuestions).where(where),
    db
      .select(questionColumns)
      .from(examQuestions)
      .where(where)
      .orderBy(desc(examQuestions.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    bankReadinessOf(db, course),
  ]);
  return { course: bankCourseRow(course, bank), total: Number(total?.n ?? 0), list: rows.map(bankQuestionRow) };
}

/** The stems already in the course's bank (in use), folded as duplicates are compared, but for one question. */
export async function bankStems(db: Database, courseId: number, exceptQid?: number): Promise<Set<string>> {
  const rows = await db
    .select({ id: examQuestions.id, title: examQuestions.title })
    .from(examQuestions)
    .where(and(eq(examQuestions.courseId, courseId), questionInUse));
  return new Set(rows.filter((row) => row.id !== exceptQid).map((row) => stemKey(row.title)));
}

/** The draft, refused (400) with every reason in one message when the rules find any. */
async function acceptDraft(
  db: Database,
  courseId: number,
  draft: QuestionDraft,
  exceptQid?: number,
): Promise<CheckedQuestion> {
  const stems = await bankStems(db, courseId, exceptQid);
  const problems = questionProblems(draft, stems.has(stemKey(draft.title)));
  if (problems.length > 0) throw badInput(problems.join('；'));
  return checkedQuestion(draft);
}

/** Adds checked questions to a course's bank; year and exam type come from the course. */
export async function insertQuestions(
  tx: Database,
  clock: Clock,
  course: BankCourseRecord,
  questions: readonly CheckedQuestion[],
): Promise<number[]> {
  if (questions.length === 0) return [];
  const insert = tx
    .insert(examQuestions)
    .values(
      questions.map((question) => ({
        ...question,
        year: course.year,
        examType: examTypeOfKind(course.kind),
        courseId: course.id,
        createdAt: clock.now(),
      })),
    )
    .returning({ id: examQuestions.id });
  try {
    return (await insert).map((row) => row.id);
  } catch (error) {
    // The same stem was added meanwhile (the unique index of stems in use): nothing is written.
    if (isUniqueViolation(error)) throw conflict(QUESTION_BANK_MESSAGES.duplicateInBank);
    throw error;
  }
}

async function questionById(tx: Database, qid: number): Promise<QuestionRecord> {
  const [row] = await tx.select(questionColumns).from(examQuestions).where(eq(examQuestions.id, qid));
  if (!row) throw new Error(`question ${qid} vanished`);
  return row;
}

/** What the audit keeps of a question: enough to see what changed. */
function auditView(question: { qtype: number; title: string; options: readonly string[]; answer: string }) {
  return { qtype: question.qtype, title: question.title, options: question.options, answer: question.answer };
}

export async function createQuestion(
  tx: Database,
  clock: Clock,
  audit: Audit,
  courseId: number,
  draft: QuestionDraft,
): Promise<QuestionSaved> {
  const course = await bankCourseOf(tx, courseId);
  const question = await acceptDraft(tx, course.id, draft);
  const [qid] = await insertQuestions(tx, clock, course, [question]);
  await audit({ action: 'question.create', target: `${course.name}#${qid}`, after: auditView(question) });
  return { question: bankQuestionRow(await questionById(tx, qid!)), replaced_qid: null };
}

/** A course-bank question in use, locked for the change; 404 for an unknown, retired or year-bank question. */
async function lockBankQuestion(tx: Database, qid: number) {
  const [question] = await tx
    .select({
      id: examQuestions.id,
      courseId: examQuestions.courseId,
      qtype: examQuestions.qtype,
      title: examQuestions.title,
      options: examQuestions.options,
      answer: examQuestions.answer,
    })
    .from(examQuestions)
    .where(and(eq(examQuestions.id, qid), isNotNull(examQuestions.courseId), questionInUse))
    .for('update');
  if (!question || question.courseId === null) throw notFound(QUESTION_BANK_MESSAGES.questionUnknown);
  const [used] = await tx.select({ n: count() }).from(examPaperQuestions).where(eq(examPaperQuestions.questionId, qid));
  return { ...question, courseId: question.courseId, used: Number(used?.n ?? 0) };
}

/**
 * Edits a question. One that no paper holds changes in place; one that a paper holds is
 * retired and the edit becomes a new question, so the paper's review keeps what was asked.
 */
export async function updateQuestion(
  tx: Database,
  clock: Clock,
  audit: Audit,
  qid: number,
  draft: QuestionDraft,
): Promise<QuestionSaved> {
  const old = await lockBankQuestion(tx, qid);
  const course = await bankCourseOf(tx, old.courseId);
  const question = await acceptDraft(tx, course.id, draft, qid);
  let savedId = qid;
  if (old.used === 0) {
    await tx.update(examQuestions).set(question).where(eq(examQuestions.id, qid));
  } else {
    await tx.update(examQuestions).set({ retiredAt: clock.now() }).where(eq(examQuestions.id, qid));
    [savedId] = (await insertQuestions(tx, clock, course, [question])) as [number];
  }
  await audit({
    action: 'question.update',
    target: `${course.name}#${qid}`,
    before: auditView(old),
    after: { ...auditView(question), ...(savedId === qid ? {} : { new_qid: savedId, retired_qid: qid }) },
  });
  return { question: bankQuestionRow(await questionById(tx, savedId)), replaced_qid: savedId === qid ? null : qid };
}

/** Deletes a question no paper holds; retires one a paper holds (kept for its review, never drawn again). */
export async function deleteQuestion(
  tx: Database,
  clock: Clock,
  audit: Audit,
  qid: number,
): Promise<QuestionDeleteResult> {
  const old = await lockBankQuestion(tx, qid);
  const course = await bankCourseOf(tx, old.courseId);
  const outcome = old.used === 0 ? 'deleted' : 'retired';
  if (outcome === 'deleted') await tx.delete(examQuestions).where(eq(examQuestions.id, qid));
  else await tx.update(examQuestions).set({ retiredAt: clock.now() }).where(eq(examQuestions.id, qid));
  await audit({
    action: outcome === 'deleted' ? 'question.delete' : 'question.retire',
    target: `${course.name}#${qid}`,
    before: { ...auditView(old), used: old.used },
  });
  return { qid, outcome };
}
