import type ExcelJS from 'exceljs';
import { badInput, unavailable } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import { firstSheetPath, parseXml, readSharedStrings, SheetRowReader } from './sheet-xml';
import { listZipEntries, ZipRefused, type ZipLimits } from './zip-entries';

/**
 * Reading an operator's .xlsx: the learner import and the question-bank
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

/** What an import's zip is held to: a 10,000-row sheet is a few megabytes, so these leave room and stop bombs. */
export const IMPORT_ZIP_LIMITS: ZipLimits = {
  maxEntryBytes: 32 * 1024 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
  maxEntries: 256,
};

/** Imports read at once in one server process; more wait for a 503 and try again. */
export const IMPORTS_AT_ONCE = 2;
const IMPORT_BUSY_RETRY_SECONDS = 10;
let importsRunning = 0;

/**
 * The first sheet's data rows (blank rows skipped), after checking its header; refused
 * (400) when the file is no .xlsx we read, when the header is not the template's, when
 * no row is filled, or over `maxRows`. The zip's parts are checked before inflating and
 * the sheet is read as a stream that stops at `maxRows` + 1, so a spreadsheet bomb costs
 * a few megabytes at most; and no more than IMPORTS_AT_ONCE run at once (503 beyond).
 */
export async function readSheetRows(fileBase64: string, limits: SheetLimits): Promise<SheetRow[]> {
  if (importsRunning >= IMPORTS_AT_ONCE) throw unavailable(MESSAGES.importBusy, IMPORT_BUSY_RETRY_SECONDS);
  importsRunning += 1;
  try {
    return await readRowsOf(Buffer.from(fileBase64, 'base64'), limits);
  } catch (error) {
    if (error instanceof ZipRefused) {
      throw badInput(error.reason === 'too-large' ? MESSAGES.importTooLarge : MESSAGES.importNotXlsx);
    }
    throw error;
  } finally {
    importsRunning -= 1;
  }
}

async function readRowsOf(bytes: Buffer, limits: SheetLimits): Promise<SheetRow[]> {
  const parts = new Map(listZipEntries(bytes, IMPORT_ZIP_LIMITS).map((entry) => [entry.name, entry]));
  const sheetPath = await firstSheetPath(bytes, parts);
  const sheetPart = sheetPath === undefined ? undefined : parts.get(sheetPath);
  if (!sheetPart) throw new ZipRefused('malformed', 'no first sheet');
  const sharedStringsPart = parts.get('xl/sharedStrings.xml');
  const sharedStrings = sharedStringsPart ? await readSharedStrings(bytes, sharedStringsPart) : [];

  const { columns } = limits;
  const wrongColumns = () => badInput(MESSAGES.importWrongColumns(columns.join('、')));
  const rows: SheetRow[] = [];
  let headerRead = false;
  let refusal: Error | undefined;
  const reader = new SheetRowReader(sharedStrings, columns.length, (number, cells) => {
    if (refusal) return;
    if (!headerRead) {
      headerRead = true;
      if (number !== 1 || cells.join('|') !== columns.join('|')) refusal = wrongColumns();
      return;
    }
    if (cells.some((cell) => cell !== '')) rows.push({ row: number, cells });
    if (rows.length > limits.maxRows) refusal = badInput(MESSAGES.importTooMany(limits.maxRows));
  });
  await parseXml(bytes, sheetPart, reader.handlers, () => refusal !== undefined);
  if (refusal) throw refusal;
  if (!headerRead) throw wrongColumns();
  if (rows.length === 0) throw badInput(limits.emptyMessage);
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
