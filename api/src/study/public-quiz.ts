import { and, asc, eq, inArray } from 'drizzle-orm';
import type { QuizQuestion } from '@yaoshi/contracts/study';
import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import { OPTION_LETTERS } from '@yaoshi/contracts/exam-rules';
import { PUBLIC_QUIZ_PERCENTS } from '@yaoshi/contracts/study-rules';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { publicQuizAnswers, publicQuizQuestions } from './study-schema';
import { courses } from '../catalogue/catalogue-schema';
import { badInput, notFound } from '../envelope/api-error';
import { requireLiveEnrolment } from '../enrolment/live-enrolment';

/**
 * The public lesson's quiz pop-ups (spec 02 §7): one question per pop-up point, from the
 * questions of the course being watched, chosen by point so a learner sees the same
 * question again after a reload. The answer is checked here, never in the browser, and
 * every answer is kept. A question of another course is not this course's quiz.
 */

/** The pop-up point's place among the course's quiz points (set in 课程管理; spec 02 §7's by default). */
async function quizPointIndex(db: Database, courseId: number, percentage: number): Promise<number> {
  const [course] = await db.select({ points: courses.quizPercents }).from(courses).where(eq(courses.id, courseId));
  const points = course?.points.length ? [...course.points].sort((a, b) => a - b) : [...PUBLIC_QUIZ_PERCENTS];
  const index = points.indexOf(percentage);
  if (index < 0) throw badInput(M.quizNotFound);
  return index;
}

export async function quizQuestionFor(
  db: Database,
  learnerId: number,
  courseId: number,
  percentage: number,
): Promise<QuizQuestion> {
  const point = await quizPointIndex(db, courseId, percentage);
  await requireLiveEnrolment(db, learnerId, courseId, 'public');
  const own = await db
    .select()
    .from(publicQuizQuestions)
    .where(eq(publicQuizQuestions.courseId, courseId))
    .orderBy(asc(publicQuizQuestions.id));
  if (own.length === 0) throw notFound(M.quizNotFound);
  const question = own[point % own.length]!;
  return {
    qid: question.id,
    title: question.title,
    percentage,
    pc_options: question.options.map((text, index) => ({ letter: OPTION_LETTERS[index] ?? String(index + 1), text })),
  };
}

export interface QuizAnswerInput {
  qid: number;
  percentage: number;
  answer: string | number;
}

/** The chosen option as its 1-based number: 'B' → 2, '2' → 2. */
export function chosenOptionOf(answer: string | number): number {
  if (typeof answer === 'number') return answer;
  // One letter only: indexOf('') or of 'AB' on the letter string would match too.
  const letter = answer.length === 1 ? OPTION_LETTERS.indexOf(answer.toUpperCase()) : -1;
  return letter >= 0 ? letter + 1 : Number(answer);
}

/** Records each answer; passes when every one is right. */
export async function submitQuizAnswers(
  db: Database,
  clock: Clock,
  learnerId: number,
  courseId: number,
  answers: readonly QuizAnswerInput[],
): Promise<boolean> {
  if (answers.length === 0) throw badInput(M.quizAnswerInvalid);
  for (const answer of answers) await quizPointIndex(db, courseId, answer.percentage);
  await requireLiveEnrolment(db, learnerId, courseId, 'public');
  const ids = [...new Set(answers.map((answer) => answer.qid))];
  const questions = await db
    .select()
    .from(publicQuizQuestions)
    .where(and(inArray(publicQuizQuestions.id, ids), eq(publicQuizQuestions.courseId, courseId)));
  const byId = new Map(questions.map((question) => [question.id, question]));
  if (byId.size !== ids.length) throw notFound(M.quizNotFound);
  const now = clock.now();
  const rows = answers.map((answer) => {
    const question = byId.get(answer.qid)!;
    const chosen = chosenOptionOf(answer.answer);
    if (chosen < 1 || chosen > question.options.length) throw badInput(M.quizAnswerInvalid);
    return {
      learnerId,
      courseId,
      questionId: question.id,
      percentage: answer.percentage,
      chosen,
      correct: chosen === question.answer,
      answeredAt: now,
    };
  });
  await db.insert(publicQuizAnswers).values(rows);
  return rows.every((row) => row.correct);
}
