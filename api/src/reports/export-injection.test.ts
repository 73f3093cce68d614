import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { openTestDatabase } from '../db/test-database';
import { billDifferences, billReconciliations } from '../payment/payment-schema';
import { reconciliationReport } from '../payment/bill-reconciliation';
import { completedWorkbook, summaryWorkbook } from './report-export';

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

/** Fails when any sheet of the workbook holds a formula element. */
async function assertNoFormula(content: Buffer): Promise<void> {
  const zip = await JSZip.loadAsync(content);
  const sheets = Object.keys(zip.files).filter((file) => /^xl\/worksheets\/[^/]+\.xml$/.test(file));
  assert.ok(sheets.length >= 1, sheets.join());
  for (const name of sheets) {
    const xml = await zip.file(name)!.async('string');
    assert.doesNotMatch(xml, /<f[\s>]/, `${name} holds a formula`);
  }
}

async function loaded(content: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(
    content.buffer.slice(content.byteOffset, content.byteOffset + content.byteLength) as ArrayBuffer,
  );
  return workbook;
}

/**
 * Every file of the API that writes a workbook, and where its text is proven inert. A new
 * export fails here until it is listed with its proof.
 */
const WORKBOOK_WRITERS: Readonly<Record<string, string>> = {
  'reports/report-export.ts': 'completed-learners and summary workbooks: tested below',
  'payment/bill-reconciliation.ts': 'reconciliation differences (gateway bill text): tested below',
  'finance/order-search.ts': 'the finance daily report: dates and amounts only, no text from anyone',
  'learner-admin/learner-import.ts': 'the import template: fixed headers and notes only',
  'question-banks/question-import.ts': 'the question import template: fixed headers, notes and sample rows only',
  'spreadsheets/xlsx-import.ts': 'reads imports; writes only the templates handed to it',
};

test('every workbook the API writes is listed with the proof that its text stays text', () => {
  const root = path.join(import.meta.dirname, '..');
  const writers = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test-support'))
    // A file that loads exceljs or makes a workbook (spreadsheets/workbook.ts, the one place that loads it lazily, only constructs).
    .filter((file) => file !== 'spreadsheets/workbook.ts')
    .filter((file) => /from 'exceljs'|newWorkbook\(/.test(fs.readFileSync(path.join(root, file), 'utf8')))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
  assert.deepEqual(writers, Object.keys(WORKBOOK_WRITERS).sort());
  // No writer builds a formula cell.
  for (const file of writers) assert.doesNotMatch(fs.readFileSync(path.join(root, file), 'utf8'), /formula\s*:/, file);
});

test('the summary workbook writes unit and region names that look like formulas as text', async () => {
  const group = (name: string) => ({ name, enrolled: 3, completed: 1, hours_completed: 90, completion_rate: 33.3 });
  const workbook = await summaryWorkbook({
    year: 2026,
    years: [2026],
    summary: group('全部'),
    by_unit: [group(HOSTILE.unit), group(HOSTILE.name)],
    by_region: [group(HOSTILE.region), group(HOSTILE.id_number)],
  });
  await assertNoFormula(workbook.content);
  const read = await loaded(workbook.content);
  const names = [
    read.getWorksheet('按单位')!.getCell('A2'),
    read.getWorksheet('按单位')!.getCell('A3'),
    read.getWorksheet('按地区')!.getCell('A2'),
    read.getWorksheet('按地区')!.getCell('A3'),
  ];
  assert.deepEqual(
    names.map((cell) => cell.value),
    [HOSTILE.unit, HOSTILE.name, HOSTILE.region, HOSTILE.id_number],
  );
  for (const cell of names) assert.equal(cell.type, ExcelJS.ValueType.String);
});

test('the reconciliation workbook writes a gateway bill’s numbers that look like formulas as text', async () => {
  const handle = await openTestDatabase();
  try {
    const [run] = await handle.db
      .insert(billReconciliations)
      .values({
        provider: 'wechatpay',
        day: '2026-11-20',
        billPayments: 1,
        billRefunds: 0,
        differences: 1,
        ranAt: new Date('2026-11-21T01:00:00Z'),
      })
      .returning();
    await handle.db.insert(billDifferences).values({
      reconciliationId: run!.id,
      kind: 'money_without_order',
      merchantNo: HOSTILE.name,
      providerTradeNo: HOSTILE.unit,
      billAmountFen: 1000,
    });
    const report = await reconciliationReport(handle.db, '2026-11-20');
    const content = Buffer.from(report.xlsx_base64, 'base64');
    await assertNoFormula(content);
    const row = (await loaded(content)).getWorksheet('对账差异')!.getRow(2);
    assert.deepEqual([row.getCell(3).value, row.getCell(5).value], [HOSTILE.name, HOSTILE.unit]);
    assert.equal(row.getCell(3).type, ExcelJS.ValueType.String);
    assert.equal(row.getCell(5).type, ExcelJS.ValueType.String);
  } finally {
    await handle.close();
  }
});

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
