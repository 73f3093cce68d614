/**
 * 题库管理's rules (issue 20): what makes a practice question acceptable, written once for the
 * .xlsx import (every row), the form that adds or edits one question, and the console's form
 * (the same reasons before it is sent). A question is judged with the bank it goes into, so a
 * duplicate stem is refused wherever it comes from.
 */

import {
  JUDGE_OPTIONS,
  MAX_OPTIONS,
  MIN_OPTIONS,
  OPTION_LETTERS,
  PAPER_COMPOSITION,
  QUESTION_TYPE,
  QUESTION_TYPE_TEXT,
  QUESTION_TYPE_VALUES,
  type ExamType,
  type QuestionType,
} from './exam-rules';

/** A stem and an option are short texts (a stem of a real paper is one or two sentences). */
export const QUESTION_TITLE_MAX_LENGTH = 500;
export const QUESTION_OPTION_MAX_LENGTH = 200;

/** The import's limits, named once: rows per file and the file's size. */
export const QUESTION_IMPORT_MAX_ROWS = 1000;
export const QUESTION_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The same limit on the base64 text the envelope carries (4 characters per 3 bytes). */
export const QUESTION_IMPORT_MAX_BASE64_LENGTH = Math.ceil(QUESTION_IMPORT_MAX_BYTES / 3) * 4;

/** The template's data columns, in order: kind, stem, options A–H, answer. */
export const QUESTION_IMPORT_COLUMNS = [
  '题型',
  '题干',
  ...[...OPTION_LETTERS].map((letter) => `选项${letter}`),
  '答案',
] as const;

/** Rows per page of the bank's list. */
export const QUESTION_BANK_PAGE_SIZE = 20;

/** What a 判断题's answer cell accepts for 正确 and for 错误, the first of each being the template's word. */
export const JUDGE_ANSWER_WORDS = {
  right: ['正确', '对', '√', 'A'],
  wrong: ['错误', '错', '×', 'B'],
} as const;

const quoted = (words: readonly string[]) => words.map((word) => `“${word}”`).join('');
/** The template's and the check's one sentence on a 判断题's answer. */
export const JUDGE_ANSWER_HINT =
  `判断题填“${JUDGE_ANSWER_WORDS.right[0]}”或“${JUDGE_ANSWER_WORDS.wrong[0]}”` +
  `（也可填${quoted(JUDGE_ANSWER_WORDS.right.slice(1))}表示正确，${quoted(JUDGE_ANSWER_WORDS.wrong.slice(1))}表示错误）`;

export const QUESTION_BANK_MESSAGES = {
  typeUnknown: '题型应为单选题、多选题或判断题',
  titleMissing: '题干不能为空',
  titleTooLong: `题干不能超过${QUESTION_TITLE_MAX_LENGTH}字`,
  optionTooLong: `每个选项不能超过${QUESTION_OPTION_MAX_LENGTH}字`,
  tooFewOptions: `选项少于${MIN_OPTIONS}个`,
  tooManyOptions: `选项最多${MAX_OPTIONS}个（A–H）`,
  optionGap: '选项不能跳空，请从选项A起依次填写',
  optionRepeated: '选项内容重复',
  answerMissing: '答案不能为空',
  answerNotAnOption: '答案不在选项中',
  singleWithSeveral: '单选题只能有一个答案',
  multipleWithOne: '多选题至少要有两个答案',
  judgeAnswer: `判断题答案应为${JUDGE_ANSWER_HINT.slice('判断题填'.length)}`,
  duplicateInBank: '与题库中已有题目重复',
  duplicateRow: (row: number) => `与第${row}行题目重复`,
  fileTooLarge: `文件不能超过${QUESTION_IMPORT_MAX_BYTES / 1024 / 1024} MB，请分批导入`,
  fileEmpty: '表格中没有题目',
  importHasFailures: (failed: number) => `有${failed}行未通过检查，未导入任何题目，请修改后重新上传`,
  importChanged: '题库或文件在检查后有变化，请重新检查后再确认',
  courseUnknown: '课程不存在',
  questionUnknown: '题目不存在或已删除',
  bankTooSmall: '该课程题库题量不足，暂不能生成练习试卷，请联系协会',
  notEnrolled: '您没有选择该课程，不能练习',
} as const;

/** A question as the form and the import give it: `answer` is the key as the API writes it ('1', '1,3'). */
export interface QuestionDraft {
  qtype: QuestionType;
  title: string;
  /** The options as given (blank ones included, so a gap can be named); ignored for true/false. */
  options: readonly string[];
  answer: string;
}

/** A question that passed the rules: trimmed, options without blanks, true/false options 正确/错误. */
export interface CheckedQuestion {
  qtype: QuestionType;
  title: string;
  options: string[];
  answer: string;
}

/** The stem as duplicates are found: spaces folded, so '阿莫西林 属于' and '阿莫西林属于' are one question. */
export function stemKey(title: string): string {
  return title.replace(/\s+/gu, '').toLowerCase();
}

export function isQuestionType(value: unknown): value is QuestionType {
  return (QUESTION_TYPE_VALUES as readonly unknown[]).includes(value);
}

/** '单选题', '单选' or '1' → 1; anything else null. */
export function questionTypeOf(text: string): QuestionType | null {
  const clean = text.trim();
  for (const qtype of QUESTION_TYPE_VALUES) {
    const name = QUESTION_TYPE_TEXT[qtype];
    if (clean === name || clean === name.replace(/题$/u, '') || clean === String(qtype)) return qtype;
  }
  return null;
}

const JUDGE_WORDS: Readonly<Record<string, string>> = Object.fromEntries([
  ...JUDGE_ANSWER_WORDS.right.map((word): [string, string] => [word, '1']),
  ...JUDGE_ANSWER_WORDS.wrong.map((word): [string, string] => [word, '2']),
]);

/**
 * The key from what a person writes in the answer cell: letters for choice questions
 * ('B', 'ACD', 'A,C', 'a、c'), 正确/错误 (or A/B, 对/错) for true/false. Letters are turned
 * into option numbers even when they name no option, so the rules can say so; text that is
 * no answer at all gives ''.
 */
export function answerFromText(qtype: QuestionType, text: string): string {
  const clean = text.trim().toUpperCase();
  if (clean === '') return '';
  if (qtype === QUESTION_TYPE.judge) return JUDGE_WORDS[clean] ?? '9';
  const letters = clean.replace(/[\s,，、;；]/gu, '');
  if (!/^[A-Z]+$/u.test(letters)) return '9';
  const numbers = [...letters].map((letter) => letter.charCodeAt(0) - 64);
  return [...new Set(numbers)].sort((a, b) => a - b).join(',');
}

/** The key as a person reads it: 'A,C' → 'AC', true/false 正确/错误. */
export function answerToText(qtype: QuestionType, answer: string): string {
  const numbers = answer.split(',').map(Number);
  if (qtype === QUESTION_TYPE.judge) return JUDGE_OPTIONS[numbers[0]! - 1] ?? '';
  return numbers.map((n) => OPTION_LETTERS[n - 1] ?? '?').join('');
}

/**
 * Every reason the question cannot go into the bank, in Chinese; none means it can.
 * `duplicateOf` says whether its stem is already in the bank (the import passes the rows
 * before it separately, to name the row).
 */
export function questionProblems(draft: QuestionDraft, duplicateInBank = false): string[] {
  const M = QUESTION_BANK_MESSAGES;
  const reasons: string[] = [];
  const title = draft.title.trim();
  if (title === '') reasons.push(M.titleMissing);
  else if (title.length > QUESTION_TITLE_MAX_LENGTH) reasons.push(M.titleTooLong);
  if (duplicateInBank) reasons.push(M.duplicateInBank);

  const answer = draft.answer.trim();
  if (draft.qtype === QUESTION_TYPE.judge) {
    if (answer === '') reasons.push(M.answerMissing);
    else if (answer !== '1' && answer !== '2') reasons.push(M.judgeAnswer);
    return reasons;
  }

  const given = draft.options.map((option) => option.trim());
  const lastFilled = given.reduce((last, option, index) => (option === '' ? last : index), -1);
  const options = given.slice(0, lastFilled + 1);
  if (options.some((option) => option === '')) reasons.push(M.optionGap);
  const filled = options.filter((option) => option !== '');
  if (filled.length < 2) reasons.push(M.tooFewOptions);
  if (options.length > MAX_OPTIONS) reasons.push(M.tooManyOptions);
  if (filled.some((option) => option.length > QUESTION_OPTION_MAX_LENGTH)) reasons.push(M.optionTooLong);
  if (new Set(filled).size !== filled.length) reasons.push(M.optionRepeated);

  if (answer === '') {
    reasons.push(M.answerMissing);
    return reasons;
  }
  const numbers = answer.split(',').map(Number);
  if (numbers.some((n) => !Number.isInteger(n) || n < 1 || n > options.length || options[n - 1] === ''))
    reasons.push(M.answerNotAnOption);
  if (draft.qtype === QUESTION_TYPE.single && numbers.length > 1) reasons.push(M.singleWithSeveral);
  if (draft.qtype === QUESTION_TYPE.multiple && numbers.length < 2) reasons.push(M.multipleWithOne);
  return reasons;
}

/** The question as it is stored, for a draft without problems. */
export function checkedQuestion(draft: QuestionDraft): CheckedQuestion {
  const options =
    draft.qtype === QUESTION_TYPE.judge ? [...JUDGE_OPTIONS] : draft.options.map((o) => o.trim()).filter(Boolean);
  const numbers = [...new Set(draft.answer.trim().split(',').map(Number))].sort((a, b) => a - b);
  return { qtype: draft.qtype, title: draft.title.trim(), options, answer: numbers.join(',') };
}

export type QuestionCounts = Readonly<Record<QuestionType, number>>;

/** A bank's size against one paper: how many of each kind it has, needs, and whether a paper can be drawn. */
export interface BankReadiness {
  counts: QuestionCounts;
  required: QuestionCounts;
  /** Kinds with fewer questions than a paper draws. */
  short: QuestionType[];
  enough: boolean;
}

/** A course's bank is enough for a paper when it has at least PAPER_COMPOSITION's count of every kind. */
export function bankReadiness(examType: ExamType, counts: QuestionCounts): BankReadiness {
  const required = PAPER_COMPOSITION[examType];
  const short = QUESTION_TYPE_VALUES.filter((qtype) => counts[qtype] < required[qtype]);
  return { counts, required, short, enough: short.length === 0 };
}

/** '单选题10道、多选题5道、判断题5道'. */
export function countsText(counts: QuestionCounts): string {
  return QUESTION_TYPE_VALUES.map((qtype) => `${QUESTION_TYPE_TEXT[qtype]}${counts[qtype]}道`).join('、');
}
