import { PAPER_COMPOSITION } from '@yaoshi/contracts/exam-rules';
import { QUESTION_IMPORT_COLUMNS } from '@yaoshi/contracts/question-bank-rules';
import { sheetBase64 } from './import-workbook';

/** One row of the question import, in QUESTION_IMPORT_COLUMNS order (kind, stem, options A–H, answer). */
export type QuestionRow = readonly string[];

/** An .xlsx as 课程管理 would fill in the question template, base64 for the envelope. */
export function questionWorkbookBase64(
  rows: readonly QuestionRow[],
  header: readonly string[] = QUESTION_IMPORT_COLUMNS,
): Promise<string> {
  return sheetBase64('题目', header, rows);
}

export const blankCells = (n: number): string[] => Array.from({ length: n }, () => '');
const choiceRow = (kind: string, title: string, answer: string): QuestionRow => [
  kind,
  title,
  '甲',
  '乙',
  '丙',
  '丁',
  ...blankCells(4),
  answer,
];
export const singleRow = (title: string, answer = 'B'): QuestionRow => choiceRow('单选题', title, answer);
export const multipleRow = (title: string, answer = 'AC'): QuestionRow => choiceRow('多选题', title, answer);
export const judgeRow = (title: string, answer = '错误'): QuestionRow => ['判断题', title, ...blankCells(8), answer];

/** A whole professional paper's worth (PAPER_COMPOSITION[1]) of good rows, stems marked with `tag`. */
export function fullProfessionalBank(tag: string): QuestionRow[] {
  const composition = PAPER_COMPOSITION[1];
  return [
    ...Array.from({ length: composition[1] }, (_, i) => singleRow(`${tag}单选第${i + 1}题`)),
    ...Array.from({ length: composition[2] }, (_, i) => multipleRow(`${tag}多选第${i + 1}题`)),
    ...Array.from({ length: composition[3] }, (_, i) => judgeRow(`${tag}判断第${i + 1}题`)),
  ];
}
