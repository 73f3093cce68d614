import type ExcelJS from 'exceljs';

/**
 * A new exceljs workbook. exceljs is loaded when the first workbook is made (an export, a
 * template), not with the API: it is about a second of loading that every server start, CLI
 * command and test process would otherwise pay, for what few requests use.
 */
export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { default: excel } = await import('exceljs');
  return new excel.Workbook();
}
