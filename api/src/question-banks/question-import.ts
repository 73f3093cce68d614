import { newWorkbook } from '../spreadsheets/workbook';
import { QUESTION_TYPE, QUESTION_TYPE_TEXT, QUESTION_TYPE_VALUES } from '@yaoshi/contracts/exam-rules';
import {
  QUESTION_BANK_MESSAGES,
  QUESTION_IMPORT_COLUMNS,
  QUESTION_IMPORT_MAX_BYTES,
  QUESTION_IMPORT_MAX_ROWS,
  bankReadiness,
  checkedQuestion,
  countsText,
  questionProblems,
  questionTypeOf,
  stemKey,
  answerFromText,
  JUDGE_ANSWER_HINT,
  type CheckedQuestion,
  type QuestionCounts,
} from '@yaoshi/contracts/question-bank-rules';
import type { QuestionImportReport } from '@yaoshi/contracts/question-banks';
import type { QuestionType } from '@yaoshi/contracts/exam-rules';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { badInput, conflict } from '../envelope/api-error';
import type { Audit } from '../audit/audit-log';
import { readSheetRows, workbookDownload } from '../spreadsheets/xlsx-import';
import { examTypeOfKind } from '../exams/exam-papers';
import { bankCourseOf, bankReadinessOf, bankStems, insertQuestions, type BankCourseRecord } from './question-bank';

/**
 * 题库管理's import from .xlsx (issue 20): every row is checked by the rules a question added
 * by hand meets (question-bank-rules.ts), against the course's bank and the rows above it.
 * The report names every failed row and why, and nothing is written until the operator
 * confirms; the confirmation imports every row in one transaction — and only when every row
 * passes: one bad row and nothing is imported.
 */

const TEMPLATE_SHEET = '题目';

/** The template's example rows, one of each kind: the downloaded template imports as it is. */
const EXAMPLES: readonly (readonly string[])[] = [
  [
    QUESTION_TYPE_TEXT[QUESTION_TYPE.single],
    '（示例）下列药物中，属于β-内酰胺类抗菌药物的是',
    '阿莫西林',
    '阿奇霉素',
    '左氧氟沙星',
    '庆大霉素',
    '',
    '',
    '',
    '',
    'A',
  ],
  [
    QUESTION_TYPE_TEXT[QUESTION_TYPE.multiple],
    '（示例）处方审核时，药师应当审核的内容包括',
    '用法用量是否正确',
    '是否有重复给药',
    '是否有配伍禁忌',
    '患者的兴趣爱好',
    '',
    '',
    '',
    '',
    'ABC',
  ],
  [
    QUESTION_TYPE_TEXT[QUESTION_TYPE.judge],
    '（示例）药师发现处方存在用药错误时，应当告知处方医师，并记录',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '正确',
  ],
];

export async function questionImportTemplate(): Promise<{ file_name: string; xlsx_base64: string }> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(TEMPLATE_SHEET);
  sheet.columns = QUESTION_IMPORT_COLUMNS.map((header) => ({
    header,
    width: header === '题干' ? 48 : header === '题型' || header === '答案' ? 10 : 18,
  }));
  sheet.getRow(1).font = { bold: true };
  for (let column = 1; column <= QUESTION_IMPORT_COLUMNS.length; column += 1) sheet.getColumn(column).numFmt = '@';
  for (const example of EXAMPLES) sheet.addRow([...example]);

  const note = workbook.addWorksheet('说明');
  note.columns = [{ width: 14 }, { width: 80 }];
  const lines: [string, string][] = [
    [
      '填写说明',
      `在“${TEMPLATE_SHEET}”表第2行起每行填写一道题，表头不要改动；文件不超过${QUESTION_IMPORT_MAX_BYTES / 1024 / 1024} MB，一次最多${QUESTION_IMPORT_MAX_ROWS}行。`,
    ],
    ['', '第2至4行是三种题型的示例，可以照样导入，也可以删去后填写自己的题目。'],
    ['', '任何一行未通过检查时，整个文件都不会导入；请按检查结果修改后重新上传。'],
    ['题型', `必填，填写：${QUESTION_TYPE_VALUES.map((qtype) => QUESTION_TYPE_TEXT[qtype]).join('、')}。`],
    ['题干', '必填，不能与本课程题库中已有的题目或本表其他行重复。'],
    ['选项A–H', '单选题、多选题至少填写2个选项，从选项A起依次填写，不能跳空；判断题不填选项。'],
    ['答案', `单选题填一个字母（如 A）；多选题填两个或以上字母（如 ABC 或 A,C）；${JUDGE_ANSWER_HINT}。`],
  ];
  for (const line of lines) note.addRow(line);
  return workbookDownload(workbook, '题库导入模板.xlsx');
}

interface CheckedFile {
  report: QuestionImportReport;
  questions: CheckedQuestion[];
}

/** Every row judged by the shared rules, duplicates against the bank and the rows above. */
export async function checkQuestionImport(
  db: Database,
  course: BankCourseRecord,
  fileBase64: string,
): Promise<CheckedFile> {
  const rows = await readSheetRows(fileBase64, {
    columns: QUESTION_IMPORT_COLUMNS,
    maxRows: QUESTION_IMPORT_MAX_ROWS,
    emptyMessage: QUESTION_BANK_MESSAGES.fileEmpty,
  });
  const inBank = await bankStems(db, course.id);
  const seen = new Map<string, number>();
  const failed: QuestionImportReport['failed'] = [];
  const questions: CheckedQuestion[] = [];
  const adds: Record<QuestionType, number> = { 1: 0, 2: 0, 3: 0 };
  for (const { row, cells } of rows) {
    const [typeText, title, ...rest] = cells as [string, string, ...string[]];
    const options = rest.slice(0, -1);
    const answerText = rest[rest.length - 1] ?? '';
    const qtype = questionTypeOf(typeText);
    const reasons: string[] = [];
    if (qtype === null) reasons.push(QUESTION_BANK_MESSAGES.typeUnknown);
    else {
      const draft = { qtype, title, options, answer: answerFromText(qtype, answerText) };
      const key = stemKey(title);
      reasons.push(...questionProblems(draft, key !== '' && inBank.has(key)));
      const earlier = seen.get(key);
      if (key !== '' && earlier !== undefined) reasons.push(QUESTION_BANK_MESSAGES.duplicateRow(earlier));
      if (key !== '' && earlier === undefined) seen.set(key, row);
      if (reasons.length === 0) {
        questions.push(checkedQuestion(draft));
        adds[qtype] += 1;
      }
    }
    if (reasons.length > 0) failed.push({ row, title, reasons });
  }
  const before = await bankReadinessOf(db, course);
  const after: QuestionCounts = {
    1: before.counts[1] + adds[1],
    2: before.counts[2] + adds[2],
    3: before.counts[3] + adds[3],
  };
  return {
    report: {
      rows: rows.length,
      valid: questions.length,
      failed,
      adds,
      bank_after: bankReadiness(examTypeOfKind(course.kind), after),
    },
    questions,
  };
}

/** Checking writes nothing but its audit record: who looked at which file for which bank, and what it held. */
export async function auditedImportCheck(
  tx: Database,
  audit: Audit,
  courseId: number,
  fileBase64: string,
): Promise<QuestionImportReport> {
  const course = await bankCourseOf(tx, courseId);
  const { report } = await checkQuestionImport(tx, course, fileBase64);
  await audit({
    action: 'question.import-check',
    target: `${course.name}：${report.rows}行`,
    after: { rows: report.rows, valid: report.valid, failed: report.failed.map((row) => row.row) },
  });
  return report;
}

/**
 * Imports the file into the course's bank in the caller's transaction, checked again: every
 * row or none. `confirmed` is the row count the operator saw pass; a file or bank that
 * changed since is refused (409) and nothing is imported.
 */
export async function confirmQuestionImport(
  tx: Database,
  clock: Clock,
  audit: Audit,
  courseId: number,
  fileBase64: string,
  confirmed: number,
) {
  const course = await bankCourseOf(tx, courseId);
  const { report, questions } = await checkQuestionImport(tx, course, fileBase64);
  if (report.failed.length > 0) throw badInput(QUESTION_BANK_MESSAGES.importHasFailures(report.failed.length));
  if (questions.length !== confirmed) throw conflict(QUESTION_BANK_MESSAGES.importChanged);
  const ids = await insertQuestions(tx, clock, course, questions);
  const bank = await bankReadinessOf(tx, course);
  await audit({
    action: 'question.import',
    target: `${course.name}：${ids.length}题`,
    after: { imported: ids.length, adds: countsText(report.adds), bank: countsText(bank.counts) },
  });
  return { imported: ids.length, bank };
}
