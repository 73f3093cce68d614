import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ExamAnswerResult, ExamListRow, ExamLists, ExamPaper, ExamResult } from '@yaoshi/contracts/exams';
import { QUESTION_BANK_MESSAGES, bankReadiness, type QuestionCounts } from '@yaoshi/contracts/question-bank-rules';
import {
  EXAM_LIST_PAGE_SIZE,
  EXAM_MESSAGES,
  EXAM_TYPE,
  IS_POST,
  PAPER_COMPOSITION,
  QUESTION_TYPE_VALUES,
  isCorrectAnswer,
  isWellFormedAnswer,
  joinOptions,
  type ExamType,
  type QuestionType,
} from '@yaoshi/contracts/exam-rules';
import type { Clock } from '../clock';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import type { Database } from '../db/database';
import { academicYears, courses, type CourseKind } from '../catalogue/catalogue-schema';
import { enrolments } from '../orders/orders-schema';
import { examPaperQuestions, examPapers, examQuestions } from './exams-schema';
import { ApiError, badInput, notFound } from '../envelope/api-error';

/**
 * Practice papers: drawn from the year's bank for one learner, read back only by that
 * learner, scored once on the server from the bank's key. Another learner's paper is
 * answered exactly like a paper that does not exist (404 试卷不存在), so ids reveal nothing.
 */

/** The questions a paper may draw or a bank lists: not retired. */
export const questionInUse = isNull(examQuestions.retiredAt);

/** How many questions in use each course's bank has, per kind (courses without any are absent). */
export async function courseBankCounts(
  db: Database,
  courseIds: readonly number[],
): Promise<Map<number, QuestionCounts>> {
  const counts = new Map<number, Record<QuestionType, number>>();
  if (courseIds.length === 0) return counts;
  const rows = await db
    .select({ courseId: examQuestions.courseId, qtype: examQuestions.qtype, n: count() })
    .from(examQuestions)
    .where(and(inArray(examQuestions.courseId, [...courseIds]), questionInUse))
    .groupBy(examQuestions.courseId, examQuestions.qtype);
  for (const row of rows) {
    if (row.courseId === null) continue;
    const entry = counts.get(row.courseId) ?? { 1: 0, 2: 0, 3: 0 };
    entry[row.qtype as QuestionType] = Number(row.n);
    counts.set(row.courseId, entry);
  }
  return counts;
}

export const NO_QUESTIONS: QuestionCounts = { 1: 0, 2: 0, 3: 0 };

export interface PaperListQuery {
  year: number | undefined;
  type: ExamType | undefined;
  page: number;
}

function isPostOf(submittedAt: Date | null) {
  return submittedAt === null ? IS_POST.inProgress : IS_POST.submitted;
}

/** The learner's papers, newest first, one page; and the years that can be started for the type. */
export async function listPapers(db: Database, learnerId: number, query: PaperListQuery): Promise<ExamLists> {
  const where = and(
    eq(examPapers.learnerId, learnerId),
    query.year === undefined ? undefined : eq(examPapers.year, query.year),
    query.type === undefined ? undefined : eq(examPapers.examType, query.type),
  );
  const type = query.type ?? EXAM_TYPE.professional;
  const [rows, [total], years, bankCourses] = await Promise.all([
    db
      .select({ paper: examPapers, courseName: courses.name })
      .from(examPapers)
      .leftJoin(courses, eq(courses.id, examPapers.courseId))
      .where(where)
      .orderBy(desc(examPapers.createdAt), desc(examPapers.id))
      .limit(EXAM_LIST_PAGE_SIZE)
      .offset((query.page - 1) * EXAM_LIST_PAGE_SIZE),
    db.select({ n: count() }).from(examPapers).where(where),
    db
      .selectDistinct({ year: examQuestions.year })
      .from(examQuestions)
      .where(and(eq(examQuestions.examType, type), isNull(examQuestions.courseId)))
      .orderBy(desc(examQuestions.year)),
    practiceCourses(db, learnerId, type),
  ]);
  return {
    data: rows.map(({ paper, courseName }): ExamListRow => ({
      pid: paper.id,
      create_time: formatBeijingTime(paper.createdAt),
      is_post: isPostOf(paper.submittedAt),
      num: paper.questionCount,
      year: paper.year,
      type: paper.examType as ExamType,
      right: paper.rightCount,
      cid: paper.courseId,
      course_name: courseName,
    })),
    total: total?.n ?? 0,
    years: [...new Set([...years.map((row) => row.year), ...bankCourses.map((course) => course.year)])].sort(
      (a, b) => b - a,
    ),
    courses: bankCourses.filter((course) => query.year === undefined || course.year === query.year),
  };
}

/**
 * The learner's courses of the type (live enrolments) whose bank has questions: each can be
 * practised on its own (issue 20). A bank too small for a paper is still listed, so the
 * learner is told why no paper comes instead of finding no button.
 */
async function practiceCourses(db: Database, learnerId: number, type: ExamType) {
  const enrolled = await db
    .selectDistinct({ cid: courses.id, name: courses.name, year: courses.year, sortOrder: courses.sortOrder })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(
      and(
        eq(enrolments.learnerId, learnerId),
        isNull(enrolments.withdrawnAt),
        eq(courses.kind, COURSE_KIND_OF_EXAM[type]),
      ),
    )
    .orderBy(desc(courses.year), asc(courses.sortOrder), asc(courses.id));
  const counts = await courseBankCounts(
    db,
    enrolled.map((course) => course.cid),
  );
  return enrolled
    .filter((course) => counts.has(course.cid))
    .map((course) => ({ cid: course.cid, name: course.name, year: course.year }));
}

/** The paper with its questions and the learner's answers so far; the key and the marks only once it is submitted. */
export async function readPaper(db: Database, learnerId: number, pid: number): Promise<ExamPaper> {
  const [paper] = await db
    .select()
    .from(examPapers)
    .where(and(eq(examPapers.id, pid), eq(examPapers.learnerId, learnerId)));
  if (!paper) throw notFound(EXAM_MESSAGES.paperNotFound);
  const submitted = paper.submittedAt !== null;
  const questions = await db
    .select({
      qid: examQuestions.id,
      qtype: examQuestions.qtype,
      title: examQuestions.title,
      options: examQuestions.options,
      answer: examQuestions.answer,
      userAnswer: examPaperQuestions.userAnswer,
      isRight: examPaperQuestions.isRight,
    })
    .from(examPaperQuestions)
    .innerJoin(examQuestions, eq(examQuestions.id, examPaperQuestions.questionId))
    .where(eq(examPaperQuestions.paperId, pid))
    .orderBy(asc(examPaperQuestions.position));
  return {
    pid: paper.id,
    year: paper.year,
    type: paper.examType as ExamType,
    is_post: isPostOf(paper.submittedAt),
    create_time: formatBeijingTime(paper.createdAt),
    right: paper.rightCount,
    wrong: paper.wrongCount,
    questions: questions.map((question) => ({
      qid: question.qid,
      qtype: question.qtype as QuestionType,
      title: question.title,
      options: joinOptions(question.options),
      answer: submitted ? question.answer : null,
      // The learner's own answers, saved as given: a paper in progress resumes from them.
      user_answer: question.userAnswer ?? '',
      is_right: submitted ? question.isRight : null,
    })),
  };
}

/** Which courses make a learner eligible for a paper of each type: the practice follows the courses. */
export const COURSE_KIND_OF_EXAM: Readonly<Record<ExamType, CourseKind>> = { 1: 'professional', 2: 'public' };

/** The exam type a course's practice papers are: professional courses 1, public courses 2. */
export function examTypeOfKind(kind: CourseKind): ExamType {
  return kind === 'public' ? EXAM_TYPE.public : EXAM_TYPE.professional;
}

/**
 * Whether the learner has a course of the year for this exam type (spec 02 §5, issue 16
 * item 2): a live enrolment — a paid professional course or a signed-up public course, not
 * withdrawn by a refund — of the year and of the exam type's kind.
 */
export async function hasCourseFor(db: Database, learnerId: number, year: number, type: ExamType): Promise<boolean> {
  const [row] = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(
      and(
        eq(enrolments.learnerId, learnerId),
        eq(enrolments.year, year),
        isNull(enrolments.withdrawnAt),
        eq(courses.kind, COURSE_KIND_OF_EXAM[type]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The course a paper of its bank is asked for: it must be of the year and of the exam
 * type's kind (400 课程不存在 otherwise, so ids reveal nothing), and the learner must have it
 * (403). Its bank must hold a whole paper (PAPER_COMPOSITION of every kind), or the learner
 * is told the bank is too small instead of getting a short paper.
 */
async function checkCoursePaper(
  db: Database,
  learnerId: number,
  year: number,
  type: ExamType,
  courseId: number,
): Promise<void> {
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.year, year), eq(courses.kind, COURSE_KIND_OF_EXAM[type])));
  if (!course) throw badInput(QUESTION_BANK_MESSAGES.courseUnknown);
  const [enrolled] = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(and(eq(enrolments.learnerId, learnerId), eq(enrolments.courseId, courseId), isNull(enrolments.withdrawnAt)))
    .limit(1);
  if (!enrolled) throw new ApiError(403, QUESTION_BANK_MESSAGES.notEnrolled);
}

/**
 * Starts a paper of `year` and `type` for the learner, who must have a course of that
 * year and type (403 没有选择当年度的课程, nothing written): the questions are drawn at random
 * per question type (PAPER_COMPOSITION) from the year's bank, or with `courseId` from that
 * course's bank (issue 20), which must hold a whole paper. A learner has at most one paper
 * in progress per year, type and course (a partial unique index), so starting again — or
 * twice at once — returns that paper instead of drawing another. Returns the pid.
 */
export async function startPaper(
  db: Database,
  clock: Clock,
  learnerId: number,
  year: number,
  type: ExamType,
  courseId: number | null = null,
): Promise<number> {
  const [knownYear] = await db
    .select({ year: academicYears.year })
    .from(academicYears)
    .where(eq(academicYears.year, year));
  if (!knownYear) throw badInput(EXAM_MESSAGES.yearUnknown);
  if (!(await hasCourseFor(db, learnerId, year, type))) throw new ApiError(403, EXAM_MESSAGES.noYearChosen);
  if (courseId !== null) await checkCoursePaper(db, learnerId, year, type, courseId);

  return db.transaction(async (tx) => {
    const openPaper = async () => {
      const [open] = await tx
        .select({ id: examPapers.id })
        .from(examPapers)
        .where(
          and(
            eq(examPapers.learnerId, learnerId),
            eq(examPapers.year, year),
            eq(examPapers.examType, type),
            courseId === null ? isNull(examPapers.courseId) : eq(examPapers.courseId, courseId),
            isNull(examPapers.submittedAt),
          ),
        );
      return open?.id;
    };
    const existing = await openPaper();
    if (existing !== undefined) return existing;

    if (courseId !== null) {
      const counts = (await courseBankCounts(tx, [courseId])).get(courseId) ?? NO_QUESTIONS;
      if (!bankReadiness(type, counts).enough) throw badInput(QUESTION_BANK_MESSAGES.bankTooSmall);
    }
    const bank =
      courseId === null
        ? and(eq(examQuestions.year, year), eq(examQuestions.examType, type), isNull(examQuestions.courseId))
        : eq(examQuestions.courseId, courseId);
    const drawn: number[] = [];
    for (const qtype of QUESTION_TYPE_VALUES) {
      const rows = await tx
        .select({ id: examQuestions.id })
        .from(examQuestions)
        .where(and(bank, questionInUse, eq(examQuestions.qtype, qtype)))
        .orderBy(sql`random()`)
        .limit(PAPER_COMPOSITION[type][qtype]);
      drawn.push(...rows.map((row) => row.id));
    }
    if (drawn.length === 0) throw badInput(EXAM_MESSAGES.noQuestions);

    const [inserted] = await tx
      .insert(examPapers)
      .values({ learnerId, year, examType: type, courseId, questionCount: drawn.length, createdAt: clock.now() })
      .onConflictDoNothing()
      .returning({ id: examPapers.id });
    if (!inserted) {
      // A concurrent start of the same year and type won the race: continue its paper.
      const winner = await openPaper();
      if (winner === undefined) throw new Error('open exam paper vanished after a conflicting insert');
      return winner;
    }
    await tx
      .insert(examPaperQuestions)
      .values(drawn.map((questionId, position) => ({ paperId: inserted.id, position, questionId })));
    return inserted.id;
  });
}

export interface SubmittedAnswer {
  qid: number;
  user_answer: string;
}

/**
 * The learner's paper, locked until the end of the transaction (`for update`): saving an
 * answer and submitting the paper take the same lock, so they happen one after the other
 * and an answer is never saved into a paper that is being marked. 404 for another learner's
 * paper, exactly like a paper that does not exist.
 */
async function lockOwnPaper(tx: Database, learnerId: number, pid: number) {
  const [paper] = await tx
    .select({ id: examPapers.id, submittedAt: examPapers.submittedAt, questionCount: examPapers.questionCount })
    .from(examPapers)
    .where(and(eq(examPapers.id, pid), eq(examPapers.learnerId, learnerId)))
    .for('update');
  if (!paper) throw notFound(EXAM_MESSAGES.paperNotFound);
  return paper;
}

/**
 * Saves one answer of a paper in progress as it is given (issue 16 item 15). Refused,
 * writing nothing: another learner's paper or none (404), a submitted paper, a question not
 * in the paper, an answer that does not fit the question, or a different answer to a
 * question already answered (spec 02 §4: answering locks it). The same answer again is
 * accepted, so a retried request is harmless.
 */
export async function saveAnswer(
  db: Database,
  learnerId: number,
  pid: number,
  qid: number,
  userAnswer: string,
): Promise<ExamAnswerResult> {
  return db.transaction(async (tx) => {
    const paper = await lockOwnPaper(tx, learnerId, pid);
    if (paper.submittedAt !== null) throw badInput(EXAM_MESSAGES.paperLocked);
    const [question] = await tx
      .select({
        position: examPaperQuestions.position,
        saved: examPaperQuestions.userAnswer,
        qtype: examQuestions.qtype,
        options: examQuestions.options,
      })
      .from(examPaperQuestions)
      .innerJoin(examQuestions, eq(examQuestions.id, examPaperQuestions.questionId))
      .where(and(eq(examPaperQuestions.paperId, pid), eq(examPaperQuestions.questionId, qid)));
    if (!question) throw badInput(EXAM_MESSAGES.unknownQuestion);
    if (!isWellFormedAnswer(question.qtype as QuestionType, userAnswer, question.options.length))
      throw badInput(EXAM_MESSAGES.answerMalformed);
    if (question.saved !== null && question.saved !== '' && question.saved !== userAnswer)
      throw badInput(EXAM_MESSAGES.answerLocked);
    if (question.saved !== userAnswer) {
      await tx
        .update(examPaperQuestions)
        .set({ userAnswer })
        .where(and(eq(examPaperQuestions.paperId, pid), eq(examPaperQuestions.position, question.position)));
    }
    const [answered] = await tx
      .select({ n: count() })
      .from(examPaperQuestions)
      .where(
        and(
          eq(examPaperQuestions.paperId, pid),
          sql`${examPaperQuestions.userAnswer} is not null and ${examPaperQuestions.userAnswer} <> ''`,
        ),
      );
    return { pid, qid, user_answer: userAnswer, answered: answered?.n ?? 0, num: paper.questionCount };
  });
}

/**
 * Submits a paper once. The answers saved as they were given (saveAnswer) are the record;
 * the submission may add answers to questions still unanswered (a client of the original
 * protocol sends them all here). Every answer sent must belong to the paper, appear once,
 * fit its question (one option for single and true/false, increasing options for multiple
 * choice, within the options) and agree with the answer already saved for it; questions
 * left unanswered count as wrong. The score comes from the bank's key only. The paper is
 * locked and closed in the same transaction as the answers, so of two submissions at once
 * exactly one is recorded and the other is refused; a refusal writes nothing.
 */
export async function submitPaper(
  db: Database,
  clock: Clock,
  learnerId: number,
  pid: number,
  answers: readonly SubmittedAnswer[],
): Promise<ExamResult> {
  return db.transaction(async (tx) => {
    const paper = await lockOwnPaper(tx, learnerId, pid);
    if (paper.submittedAt !== null) throw badInput(EXAM_MESSAGES.alreadySubmitted);

    const questions = await tx
      .select({
        position: examPaperQuestions.position,
        qid: examQuestions.id,
        qtype: examQuestions.qtype,
        options: examQuestions.options,
        key: examQuestions.answer,
        saved: examPaperQuestions.userAnswer,
      })
      .from(examPaperQuestions)
      .innerJoin(examQuestions, eq(examQuestions.id, examPaperQuestions.questionId))
      .where(eq(examPaperQuestions.paperId, pid))
      .orderBy(asc(examPaperQuestions.position));

    const byQid = new Map(questions.map((question) => [question.qid, question]));
    const given = new Map<number, string>();
    for (const answer of answers) {
      const question = byQid.get(answer.qid);
      if (!question) throw badInput(EXAM_MESSAGES.unknownQuestion);
      if (given.has(answer.qid)) throw badInput(EXAM_MESSAGES.duplicateQuestion);
      if (
        answer.user_answer !== '' &&
        !isWellFormedAnswer(question.qtype as QuestionType, answer.user_answer, question.options.length)
      ) {
        throw badInput(EXAM_MESSAGES.answerMalformed);
      }
      if (answer.user_answer !== '' && question.saved && question.saved !== answer.user_answer)
        throw badInput(EXAM_MESSAGES.answerLocked);
      given.set(answer.qid, answer.user_answer);
    }

    const marked = questions.map((question) => {
      const userAnswer = question.saved || given.get(question.qid) || '';
      return { position: question.position, userAnswer, isRight: isCorrectAnswer(question.key, userAnswer) };
    });
    const right = marked.filter((question) => question.isRight).length;
    const wrong = marked.length - right;

    const closed = await tx
      .update(examPapers)
      .set({ submittedAt: clock.now(), rightCount: right, wrongCount: wrong })
      .where(and(eq(examPapers.id, pid), eq(examPapers.learnerId, learnerId), isNull(examPapers.submittedAt)))
      .returning({ id: examPapers.id });
    if (closed.length === 0) throw badInput(EXAM_MESSAGES.alreadySubmitted);

    for (const question of marked) {
      await tx
        .update(examPaperQuestions)
        .set({ userAnswer: question.userAnswer, isRight: question.isRight })
        .where(and(eq(examPaperQuestions.paperId, pid), eq(examPaperQuestions.position, question.position)));
    }
    return { pid, right, wrong, num: marked.length };
  });
}
