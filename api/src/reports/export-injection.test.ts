import { test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { completedWorkbook } from './report-export';

/**
 * Text a learner or an import typed may start with =, +, - or @. In a workbook it must stay
 * text: written as a string cell, never as a formula Excel or WPS would run. (CSV exports
 * neutralise the same characters: remotes/admin/src/kit/csv.test.ts.)
 */
const HOSTILE = {
  name: '=HYPERLINK("http://evil.example/","点我")',
  unit: '+cmd|" /C calc"!A0',
  region: '-2+3',
  id_number: '@SUM(1,1)',
};

test('the completed-learners workbook writes text that looks like a formula as text', async () => {
  const workbook = await completedWorkbook(2026, [
    {
      learner_id: 1,
      ...HOSTILE,
      professional_hours: 60,
      public_hours: 30,
      hours_completed: 90,
      completed_on: '2026-11-20',
      review_due_on: '2026-12-01',
    },
  ]);
  // No formula element anywhere in the sheets' XML.
  const zip = await JSZip.loadAsync(workbook.content);
  const sheets = Object.keys(zip.files).filter((file) => /^xl\/worksheets\/[^/]+\.xml$/.test(file));
  assert.ok(sheets.length >= 2, sheets.join());
  for (const name of sheets) {
    const xml = await zip.file(name)!.async('string');
    assert.doesNotMatch(xml, /<f[\s>]/, `${name} holds a formula`);
  }
  const read = new ExcelJS.Workbook();
  await read.xlsx.load(
    workbook.content.buffer.slice(
      workbook.content.byteOffset,
      workbook.content.byteOffset + workbook.content.byteLength,
    ) as ArrayBuffer,
  );
  const row = read.getWorksheet('完成名单')!.getRow(2);
  const cells = [row.getCell(2), row.getCell(3), row.getCell(4), row.getCell(5)];
  assert.deepEqual(
    cells.map((cell) => cell.value),
    [HOSTILE.name, HOSTILE.id_number, HOSTILE.unit, HOSTILE.region],
  );
  for (const cell of cells) assert.equal(cell.type, ExcelJS.ValueType.String);
});
