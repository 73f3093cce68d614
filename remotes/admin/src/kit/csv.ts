import { downloadBlob } from '@yaoshi/ui/download';
/**
 * CSV for Excel and WPS as Chinese offices open it: UTF-8 with a byte-order mark (else
 * Excel reads GBK), CRLF lines, every field quoted when it holds a comma, quote or line
 * break, and a leading =, +, - or @ neutralised so a cell is never run as a formula.
 */

export interface CsvColumn<Row> {
  title: string;
  value: (row: Row) => string | number | null | undefined;
}

function cell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const lines = [columns.map((column) => cell(column.title)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => cell(column.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Offers `text` as a file download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(fileName, new Blob([text], { type }));
}
