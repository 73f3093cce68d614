import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS } from '@yaoshi/contracts/learner-admin';
import { idNumberCheckCharacter } from '@yaoshi/contracts/identity-rules';

/** One row of the learner import, in IMPORT_COLUMNS order. */
export type ImportRow = readonly [name: string, idcard: string, phone: string, certification: string, company: string];

/** An .xlsx of one sheet (header, then rows) as an operator fills in a template, base64 for the envelope. */
export async function sheetBase64(
  sheetName: string,
  header: readonly string[],
  rows: readonly (readonly string[])[],
): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow([...header]);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

/** An .xlsx as 学员管理 would fill in the template (header, then rows), base64 for the envelope. */
export function importWorkbookBase64(
  rows: readonly ImportRow[],
  header: readonly string[] = IMPORT_COLUMNS,
): Promise<string> {
  return sheetBase64('学员', header, rows);
}

/** A valid 18-character ID number of 南京 (320102), distinct for each `n` (0–9,999,999): born 1960-01-01 + n / 1000 days. */
export function validIdNumber(n: number): string {
  const born = new Date(Date.UTC(1960, 0, 1) + Math.floor(n / 1000) * 86_400_000)
    .toISOString()
    .slice(0, 10)
    .replaceAll('-', '');
  const first17 = `320102${born}${String(n % 1000).padStart(3, '0')}`;
  return first17 + idNumberCheckCharacter(first17);
}

/** `count` valid rows with distinct ID numbers and phones starting at serial `from`. */
export function validImportRows(count: number, from = 0): ImportRow[] {
  return Array.from({ length: count }, (_, i): ImportRow => {
    const n = from + i;
    return [`导入学员${n}`, validIdNumber(n), `139${String(n).padStart(8, '0')}`, '执业西药师', '南京市第一医院'];
  });
}
