import { asc, count, eq } from 'drizzle-orm';
import { EXAM_TYPE, QUESTION_TYPE, decodeAnswer, encodeAnswer } from '@yaoshi/contracts/exam-rules';
import type { Clock } from '../clock';
import { beijingYearOf } from '@yaoshi/contracts/beijing-time';
import { examPaperQuestions, examPapers, examQuestions } from '../exams/exams-schema';
import { learners } from '../accounts/accounts-schema';
import { startPaper, submitPaper } from '../exams/exam-papers';
import { demoYearsOf } from './catalogue-seed';
import { QUESTION_BANK } from './exam-question-bank';
import type { SeedPart } from './seed-part';

/**
 * The practice question bank for every demo year, and two papers of 王芳 in the current
 * year (professional): one submitted three days ago with three answers in four right, one
 * started an hour ago and not submitted. Runs after the catalogue part (the years).
 */

/** 王芳 (root README): the demo learner whose exam list is not empty. */
export const EXAM_DEMO_LEARNER_ID_NUMBER = '310115198808080058';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function shiftedClock(clock: Clock, offsetMs: number): Clock {
  return { now: () => new Date(clock.nowMs() + offsetMs), nowMs: () => clock.nowMs() + offsetMs };
}

/** A plausible wrong answer: another option, or for multiple choice one option too few. */
function wrongAnswerFor(qtype: number, key: string): string {
  const numbers = decodeAnswer(key);
  if (qtype === QUESTION_TYPE.multiple && numbers.length > 1) return encodeAnswer(numbers.slice(0, -1));
  return numbers[0] === 1 ? '2' : '1';
}

export const seedExams: SeedPart = async ({ tx, clock }) => {
  let wrote = false;
  const years = demoYearsOf(beijingYearOf(clock.now())).map((year) => year.year);
  for (const year of years) {
    const inserted = await tx
      .insert(examQuestions)
      .values(
        QUESTION_BANK.map((question) => ({
          ...question,
          options: [...question.options],
          year,
          createdAt: clock.now(),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: examQuestions.id });
    wrote = wrote || inserted.length > 0;
  }

  const [wang] = await tx
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.idNumber, EXAM_DEMO_LEARNER_ID_NUMBER));
  if (!wang) return wrote;
  const [papers] = await tx.select({ n: count() }).from(examPapers).where(eq(examPapers.learnerId, wang.id));
  if ((papers?.n ?? 0) > 0) return wrote;

  const currentYear = years[0]!;
  const submittedPid = await startPaper(
    tx,
    shiftedClock(clock, -3 * DAY_MS),
    wang.id,
    currentYear,
    EXAM_TYPE.professional,
  );
  const keys = await tx
    .select({ qid: examQuestions.id, qtype: examQuestions.qtype, key: examQuestions.answer })
    .from(examPaperQuestions)
    .innerJoin(examQuestions, eq(examQuestions.id, examPaperQuestions.questionId))
    .where(eq(examPaperQuestions.paperId, submittedPid))
    .orderBy(asc(examPaperQuestions.position));
  const answers = keys.map((question, index) => ({
    qid: question.qid,
    user_answer: index % 4 === 3 ? wrongAnswerFor(question.qtype, question.key) : question.key,
  }));
  await submitPaper(tx, shiftedClock(clock, -3 * DAY_MS + 25 * 60 * 1000), wang.id, submittedPid, answers);
  await startPaper(tx, shiftedClock(clock, -HOUR_MS), wang.id, currentYear, EXAM_TYPE.professional);
  return true;
};
