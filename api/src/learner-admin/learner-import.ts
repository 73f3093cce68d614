import { newWorkbook } from '../spreadsheets/workbook';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, newLearnerSchema, type ImportReport } from '@yaoshi/contracts/learner-admin';
import { CERTIFICATION_TYPE_LABELS } from '@yaoshi/contracts/profile-rules';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { conflict } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import type { Audit } from '../audit/audit-log';
import { isUniqueViolation, readSheetRows, workbookDownload } from '../spreadsheets/xlsx-import';
import { insertNewLearners, takenLoginIds, type NewLearnerRecord } from './learner-actions';

/**
 * 学员管理's import from .xlsx (issue 18): every row is checked by the same rules as a
 * single new learner (the profile's, spec 01 §6) and against existing accounts and the other
 * rows; the report names each failed row and why. Nothing is written until the operator
 * confirms, and the confirmation imports the valid rows in one transaction or none.
 */

const CERTIFICATION_BY_LABEL: ReadonlyMap<string, number> = new Map(
  Object.entries(CERTIFICATION_TYPE_LABELS).map(([value, label]): [string, number] => [label, Number(value)]),
);

export async function importTemplate(): Promise<{ file_name: string; xlsx_base64: string }> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet('学员');
  sheet.columns = IMPORT_COLUMNS.map((header) => ({ header, width: header === '身份证号' ? 22 : 16 }));
  sheet.getRow(1).font = { bold: true };
  // Text columns, so Excel keeps an ID number's 18 digits and a phone's leading 1 as typed.
  for (const column of [1, 2, 3, 4, 5]) sheet.getColumn(column).numFmt = '@';
  // The example lives on the notes sheet: a row left on the data sheet would be imported.
  const note = workbook.addWorksheet('说明');
  note.columns = [{ width: 16 }, { width: 60 }];
  note.addRow(['填写说明', '在“学员”表第2行起每行填写一名学员，表头不要改动；一次最多导入' + IMPORT_MAX_ROWS + '行。']);
  note.addRow(['姓名', '必填。']);
  note.addRow(['身份证号', '必填，18位（末位可为X），不能与已有学员重复。初始密码为身份证号后6位。']);
  note.addRow(['手机号', '必填，11位手机号，不能与已有学员重复。']);
  // The labels themselves contain 、 (执业西药师、中药师（双证）): each is quoted, so the choices read as four.
  const choices = Object.values(CERTIFICATION_TYPE_LABELS);
  note.addRow([
    '证书类型',
    `必填，从以下${choices.length}项中选一项，照原样填写：${choices.map((label) => `“${label}”`).join('、')}`,
  ]);
  note.addRow(['工作单位', '选填，只能为中文。']);
  note.addRow([]);
  note.addRow(['示例', IMPORT_COLUMNS.join(' | ')]);
  note.addRow([
    '',
    ['张三', '110105199003070025', '13600000000', CERTIFICATION_TYPE_LABELS[1], '某某市人民医院'].join(' | '),
  ]);
  return workbookDownload(workbook, '学员导入模板.xlsx');
}

interface CheckedFile {
  report: ImportReport;
  valid: NewLearnerRecord[];
}

async function readRows(fileBase64: string): Promise<string[][]> {
  const rows = await readSheetRows(fileBase64, {
    columns: IMPORT_COLUMNS,
    maxRows: IMPORT_MAX_ROWS,
    emptyMessage: MESSAGES.importEmpty,
  });
  return rows.map(({ row, cells }) => [String(row), ...cells]);
}

export async function checkImport(db: Database, fileBase64: string): Promise<CheckedFile> {
  const rows = await readRows(fileBase64);
  const parsed = rows.map(([number, name, idcard, phone, certification, company]) => {
    const certificationType =
      CERTIFICATION_BY_LABEL.get(certification!) ??
      (/^[1-4]$/.test(certification!) ? Number(certification) : certification);
    const result = newLearnerSchema.safeParse({ name, idcard, phone, certification_type: certificationType, company });
    return { row: Number(number), name: name!, idcard: idcard!, phone: phone!, result };
  });
  const candidates = parsed.flatMap((entry) => (entry.result.success ? [entry.result.data] : []));
  const taken = await takenLoginIds(
    db,
    candidates.map((row) => row.idcard),
    candidates.map((row) => row.phone),
  );
  const seenIds = new Map<string, number>();
  const seenPhones = new Map<string, number>();
  const failed: ImportReport['failed'] = [];
  const valid: NewLearnerRecord[] = [];
  for (const entry of parsed) {
    const reasons = entry.result.success ? [] : entry.result.error.issues.map((issue) => issue.message);
    if (entry.result.success) {
      const learner = entry.result.data;
      if (taken.idNumbers.has(learner.idcard)) reasons.push(MESSAGES.learnerIdNumberTaken);
      if (taken.phones.has(learner.phone)) reasons.push(MESSAGES.learnerPhoneTaken);
      const sameId = seenIds.get(learner.idcard);
      if (sameId !== undefined) reasons.push(MESSAGES.importDuplicate('身份证号', sameId));
      const samePhone = seenPhones.get(learner.phone);
      if (samePhone !== undefined) reasons.push(MESSAGES.importDuplicate('手机号', samePhone));
      seenIds.set(learner.idcard, entry.row);
      seenPhones.set(learner.phone, entry.row);
      if (reasons.length === 0) valid.push({ ...learner, company: learner.company ?? '' });
    }
    if (reasons.length > 0) failed.push({ row: entry.row, name: entry.name, idcard: entry.idcard, reasons });
  }
  return { report: { rows: rows.length, valid: valid.length, failed }, valid };
}

/**
 * Imports the valid rows of the file, checked again, in the caller's transaction: all of
 * them or none. `confirmed` is the number of valid rows the operator saw in the report; if
 * the file or the accounts changed since, nothing is imported and the operator checks again.
 */
export async function confirmImport(
  tx: Database,
  clock: Clock,
  audit: Audit,
  fileBase64: string,
  confirmed: number,
): Promise<{ imported: number; skipped: number }> {
  const { report, valid } = await checkImport(tx, fileBase64);
  if (valid.length === 0) throw conflict(MESSAGES.importNothingValid);
  if (valid.length !== confirmed) throw conflict(MESSAGES.importChanged(confirmed, valid.length));
  let inserted: { id: number }[];
  try {
    inserted = await insertNewLearners(tx, clock, valid);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.importChanged(confirmed, valid.length - 1));
    throw error;
  }
  await audit({
    action: 'learner.import',
    target: `${inserted.length}名学员`,
    after: { imported: inserted.length, skipped: report.failed.length, rows: report.rows },
  });
  return { imported: inserted.length, skipped: report.failed.length };
}
