import ExcelJS from 'exceljs';
import { badInput } from '../envelope/api-error';
import { MESSAGES } from '../messages';

/**
 * Reading an operator's .xlsx (issues 18 and 20): the learner import and the question-bank
 * import share how a file is opened, how a cell reads and how the data rows are found, so
 * both refuse a bad file with the same clear message.
 */

/** A cell as the operator sees it: numbers typed into a text column, links, formulas and rich text included. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value).trim();
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('text' in value) return cellText(value.text);
  if ('result' in value) return cellText(value.result ?? null);
  return '';
}

/** One data row: its number as the spreadsheet shows it, and its cells in column order. */
export interface SheetRow {
  row: number;
  cells: string[];
}

export interface SheetLimits {
  /** The data columns' headers, in order: the first row must read exactly these. */
  columns: readonly string[];
  maxRows: number;
  /** The refusal when no row holds anything. */
  emptyMessage: string;
}

/** Opens the base64 .xlsx, or refuses it (400) as no valid .xlsx: a corrupt file, a renamed .csv or .xls. */
export async function openWorkbook(fileBase64: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  try {
    const bytes = Buffer.from(fileBase64, 'base64');
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  } catch {
    throw badInput(MESSAGES.importNotXlsx);
  }
  if (!workbook.worksheets[0]) throw badInput(MESSAGES.importNotXlsx);
  return workbook;
}

/**
 * The first sheet's data rows (blank rows skipped), after checking its header; refused
 * (400) when the header is not the template's, when no row is filled, or over `maxRows`.
 */
export async function readSheetRows(fileBase64: string, limits: SheetLimits): Promise<SheetRow[]> {
  const sheet = (await openWorkbook(fileBase64)).worksheets[0]!;
  const { columns } = limits;
  const header = columns.map((_, i) => cellText(sheet.getRow(1).getCell(i + 1).value));
  if (header.join('|') !== columns.join('|')) throw badInput(MESSAGES.importWrongColumns(columns.join('、')));
  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells = columns.map((_, i) => cellText(row.getCell(i + 1).value));
    if (cells.some((cell) => cell !== '')) rows.push({ row: number, cells });
  });
  if (rows.length === 0) throw badInput(limits.emptyMessage);
  if (rows.length > limits.maxRows) throw badInput(MESSAGES.importTooMany(limits.maxRows));
  return rows;
}

/** The workbook as base64 for the envelope, with its file name. */
export async function workbookDownload(
  workbook: ExcelJS.Workbook,
  fileName: string,
): Promise<{ file_name: string; xlsx_base64: string }> {
  return { file_name: fileName, xlsx_base64: Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64') };
}

/** Postgres's unique_violation, however deep the driver wrapped it: a row that appeared meanwhile. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let cause: unknown = error;
    typeof cause === 'object' && cause !== null;
    cause = (cause as { cause?: unknown }).cause
  ) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
