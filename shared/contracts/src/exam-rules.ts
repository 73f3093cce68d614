/**
 * The practice exams' rules of spec 02 §3, §4, §5 and §9, written once for the server
 * (drawing, validating and scoring papers) and the browser (the carousel, answer display).
 * spec 02 §9's carousel height (400 + 288 + 30 per option) is no longer applied: it left
 * ~500 px of blank space under a question (issue 16 item 15); the carousel is as tall as
 * the question showing.
 */

import { COURSE_KIND_NAMES } from './site-names';

/** `type` of exam_lists / getExam: the study list's tab index + 1. */
export const EXAM_TYPE = { professional: 1, public: 2 } as const;
export type ExamType = (typeof EXAM_TYPE)[keyof typeof EXAM_TYPE];
export const EXAM_TYPE_VALUES: readonly ExamType[] = [EXAM_TYPE.professional, EXAM_TYPE.public];
/** The /examList tabs: the course kinds as the menu names them (site-names.ts). */
export const EXAM_TYPE_TEXT: Readonly<Record<ExamType, string>> = {
  1: COURSE_KIND_NAMES.professional,
  2: COURSE_KIND_NAMES.public,
};

/** `qtype` of a question (spec 02 §3). */
export const QUESTION_TYPE = { single: 1, multiple: 2, judge: 3 } as const;
export type QuestionType = (typeof QUESTION_TYPE)[keyof typeof QUESTION_TYPE];
export const QUESTION_TYPE_VALUES: readonly QuestionType[] = [
  QUESTION_TYPE.single,
  QUESTION_TYPE.multiple,
  QUESTION_TYPE.judge,
];
export const QUESTION_TYPE_TEXT: Readonly<Record<QuestionType, string>> = { 1: '单选题', 2: '多选题', 3: '判断题' };

/** `is_post` of an exam list row: 1 not submitted, 2 submitted. */
export const IS_POST = { inProgress: 1, submitted: 2 } as const;
export type IsPost = (typeof IS_POST)[keyof typeof IS_POST];

/** A true/false question's answer: 1 is right (正确), 2 is wrong (错误). */
export const JUDGE_ANSWER = { right: 1, wrong: 2 } as const;
export const JUDGE_OPTIONS = ['正确', '错误'] as const;

/** Options are lettered A to H, so a question has at most 8 (and at least 2). */
export const OPTION_LETTERS = 'ABCDEFGH';
export const MAX_OPTIONS = OPTION_LETTERS.length;
export const MIN_OPTIONS = 2;

/** Rows per page of exam_lists. */
export const EXAM_LIST_PAGE_SIZE = 10;

/**
 * How many questions of each type one paper draws from the year's bank (fewer when the
 * bank has fewer). Professional papers are the larger practice; public ones a short check.
 */
export const PAPER_COMPOSITION: Readonly<Record<ExamType, Readonly<Record<QuestionType, number>>>> = {
  1: { 1: 10, 2: 5, 3: 5 },
  2: { 1: 5, 2: 3, 3: 2 },
};

export const EXAM_MESSAGES = {
  /** spec 02 §5: completing a multiple-choice question with nothing chosen. */
  chooseMultiple: '请选择多选题选项',
  /**
   * spec 02 §5: starting an exam without a year, or for a year (and type) in which the
   * learner has no course (issue 16 item 2).
   */
  noYearChosen: '没有选择当年度的课程',
  noTypeChosen: '请选择练习类型',
  yearUnknown: '所选年度不存在',
  noQuestions: '该年度暂无练习题，请联系协会',
  paperNotFound: '试卷不存在',
  alreadySubmitted: '该试卷已提交，不能重复提交',
  unknownQuestion: '提交的题目不属于该试卷',
  duplicateQuestion: '同一题目提交了多次',
  answerMalformed: '答案格式不正确',
  /** Saving an answer: spec 02 §4, answering locks a question. */
  answerLocked: '该题已作答，答案不能修改',
  /** Saving an answer to a submitted paper. */
  paperLocked: '该试卷已提交，答案不能修改',
  /** Saving an answer failed in the browser (network, refusal): the page reloads the server's record. */
  answerNotSaved: '答案未能保存，已重新加载试卷，请重新作答',
  questionsMalformed: '答题数据格式不正确',
  loadFailed: '试卷加载失败，请重新进入',
  submitted: '提交成功',
} as const;

/** Options as the client receives them: one string, split on newlines or commas. */
export function splitOptions(options: string): string[] {
  return options
    .split(/\r?\n|,/)
    .map((option) => option.trim())
    .filter((option) => option.length > 0);
}

/** The inverse the server uses; a newline never occurs inside an option. */
export function joinOptions(options: readonly string[]): string {
  return options.join('\n');
}

/** 1-based option number → letter: 1 → A … 8 → H. */
export function optionLetter(optionNumber: number): string {
  const letter = OPTION_LETTERS[optionNumber - 1];
  if (!Number.isInteger(optionNumber) || letter === undefined)
    throw new RangeError(`no option letter for ${optionNumber}`);
  return letter;
}

/** The option numbers chosen, as the API carries them: sorted, distinct, comma-joined ('1,3'). */
export function encodeAnswer(optionNumbers: readonly number[]): string {
  return [...new Set(optionNumbers)].sort((a, b) => a - b).join(',');
}

/** '1,3' → [1, 3]; '' → []. Use only on answers that passed `isWellFormedAnswer`. */
export function decodeAnswer(answer: string): number[] {
  return answer === '' ? [] : answer.split(',').map(Number);
}

/**
 * Whether `answer` is a possible answer of a question: one option number for single and
 * true/false questions, one or more distinct increasing numbers for multiple choice, each
 * within the question's options.
 */
export function isWellFormedAnswer(qtype: QuestionType, answer: string, optionCount: number): boolean {
  if (!/^[1-8](,[1-8])*$/.test(answer)) return false;
  const numbers = decodeAnswer(answer);
  if (numbers.some((n) => n > optionCount)) return false;
  if (qtype !== QUESTION_TYPE.multiple) return numbers.length === 1;
  return numbers.every((n, i) => i === 0 || n > numbers[i - 1]!);
}

/** Right only when exactly the key's options are chosen (no partial credit for multiple choice). */
export function isCorrectAnswer(key: string, given: string | null | undefined): boolean {
  return (
    given !== null &&
    given !== undefined &&
    given !== '' &&
    encodeAnswer(decodeAnswer(given)) === encodeAnswer(decodeAnswer(key))
  );
}

export interface ScoredPaper {
  right: number;
  wrong: number;
}

/** Unanswered questions count as wrong: a paper's right + wrong is its question count. */
export function scorePaper(questions: readonly { key: string; given: string | null | undefined }[]): ScoredPaper {
  const right = questions.filter((q) => isCorrectAnswer(q.key, q.given)).length;
  return { right, wrong: questions.length - right };
}

/** How an answer is shown: letters for choice questions ('A、C'), 正确/错误 for true/false, 未作答 when empty. */
export function answerText(qtype: QuestionType, answer: string | null | undefined): string {
  if (!answer) return '未作答';
  const numbers = decodeAnswer(answer);
  if (qtype === QUESTION_TYPE.judge) return numbers.map((n) => JUDGE_OPTIONS[n - 1] ?? '?').join('、');
  return numbers.map((n) => OPTION_LETTERS[n - 1] ?? '?').join('、');
}
