import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ExamListRow, ExamLists, ExamPaper, ExamResult } from '@yaoshi/contracts/exams';
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
import { formatBeijingTime } from '../content/published-time';
import type { Database } from '../db/database';
import { academicYears } from '../catalogue/catalogue-schema';
import { examPaperQuestions, examPapers, examQuestions } from './exams-schema';
import { badInput, notFound } from '../envelope/api-error';

/**
 * Practice papers: drawn from the year's bank for one learner, read back only by that
 * learner, scored once on the server from the bank's key. Another learner's paper is
 * answered exactly like a paper that does not exist (404 试卷不存在), so ids reveal nothing.
 */

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
  const [rows, [total], years] = await Promise.all([
    db
      .select()
      .from(examPapers)
      .where(where)
      .orderBy(desc(examPapers.createdAt), desc(examPapers.id))
      .limit(EXAM_LIST_PAGE_SIZE)
      .offset((query.page - 1) * EXAM_LIST_PAGE_SIZE),
    db.select({ n: count() }).from(examPapers).where(where),
    db
      .selectDistinct({ year: examQuestions.year })
      .from(examQuestions)
      .where(eq(examQuestions.examType, query.type ?? EXAM_TYPE.professional))
      .orderBy(desc(examQuestions.year)),
  ]);
  return {
    data: rows.map(
      (paper): ExamListRow => ({
        pid: paper.id,
        create_time: formatBeijingTime(paper.createdAt),
        is_post: isPostOf(paper.submittedAt),
        num: paper.questionCount,
        year: paper.year,
        type: paper.examType as ExamType,
        right: paper.rightCount,
      }),
    ),
    total: total?.n ?? 0,
    years: years.map((row) => row.year),
  };
}

/** The paper with its questions; the key and the learner's answers only once it is submitted. */
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
      user_answer: submitted ? (question.userAnswer ?? '') : '',
      is_right: submitted ? question.isRight : null,
    })),
  };
}

/**
 * Starts a paper of `year` and `type` for the learner: the questions are drawn at random
 * per question type (PAPER_COMPOSITION). A learner has at most one paper in progress per
 * year and type (a partial unique index), so starting again — or twice at once — returns
 * that paper instead of drawing another. Returns the pid.
 */
export async function startPaper(db: Database, clock: Clock, learnerId: number, year: number, type: ExamType): Promise<number> {
  const [knownYear] = await db.select({ year: academicYears.year }).from(academicYears).where(eq(academicYears.year, year));
  if (!knownYear) throw badInput(EXAM_MESSAGES.yearUnknown);

  return db.transaction(async (tx) => {
    const openPaper = async () => {
      const [open] = await tx
        .select({ id: examPapers.id })
        .from(examPapers)
        .where(and(eq(examPapers.learnerId, learnerId), eq(examPapers.year, year), eq(examPapers.examType, type), isNull(examPapers.submittedAt)));
      return open?.id;
    };
    const existing = await openPaper();
    if (existing !== undefined) return existing;

    const drawn: number[] = [];
    for (const qtype of QUESTION_TYPE_VALUES) {
      const rows = await tx
        .select({ id: examQuestions.id })
        .from(examQuestions)
        .where(and(eq(examQuestions.year, year), eq(examQuestions.examType, type), eq(examQuestions.qtype, qtype)))
        .orderBy(sql`random()`)
        .limit(PAPER_COMPOSITION[type][qtype]);
      drawn.push(...rows.map((row) => row.id));
    }
    if (drawn.length === 0) throw badInput(EXAM_MESSAGES.noQuestions);

    const [inserted] = await tx
      .insert(examPapers)
      .values({ learnerId, year, examType: type, questionCount: drawn.length, createdAt: clock.now() })
      .onConflictDoNothing()
      .returning({ id: examPapers.id });
    if (!inserted) {
      // A concurrent start of the same year and type won the race: continue its paper.
      const winner = await openPaper();
      if (winner === undefined) throw new Error('open exam paper vanished after a conflicting insert');
      return winner;
    }
    await tx.insert(examPaperQuestions).values(drawn.map((questionId, position) => ({ paperId: inserted.id, position, questionId })));
    return inserted.id;
  });
}

export interface SubmittedAnswer {
  qid: number;
  user_answer: string;
}

/**
 * Submits a paper once. Every answer must belong to the paper, appear once and fit its
 * question (one option for single and true/false, increasing options for multiple
 * choice, within the options); questions left out count as unanswered, i.e. wrong. The
 * score comes from the bank's key only. The paper is closed by a conditional update in the
 * same transaction as the answers, so of two submissions at once exactly one is recorded
 * and the other is refused; a refusal writes nothing.
 */
export async function submitPaper(db: Database, clock: Clock, learnerId: number, pid: number, answers: readonly SubmittedAnswer[]): Promise<ExamResult> {
  return db.transaction(async (tx) => {
    const [paper] = await tx
      .select({ id: examPapers.id, submittedAt: examPapers.submittedAt })
      .from(examPapers)
      .where(and(eq(examPapers.id, pid), eq(examPapers.learnerId, learnerId)));
    if (!paper) throw notFound(EXAM_MESSAGES.paperNotFound);
    if (paper.submittedAt !== null) throw badInput(EXAM_MESSAGES.alreadySubmitted);

    const questions = await tx
      .select({ position: examPaperQuestions.position, qid: examQuestions.id, qtype: examQuestions.qtype, options: examQuestions.options, key: examQuestions.answer })
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
      if (answer.user_answer !== '' && !isWellFormedAnswer(question.qtype as QuestionType, answer.user_answer, question.options.length)) {
        throw badInput(EXAM_MESSAGES.answerMalformed);
      }
      given.set(answer.qid, answer.user_answer);
    }

    const marked = questions.map((question) => {
      const userAnswer = given.get(question.qid) ?? '';
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
