import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { CERTIFICATION_TYPE_LABELS } from '@yaoshi/contracts/profile-rules';
import { count, eq, inArray } from 'drizzle-orm';
import { IMPORT_COLUMNS, importReportSchema } from '@yaoshi/contracts/learner-admin';
import { learners } from '../accounts/accounts-schema';
import { auditRecords } from '../audit/audit-schema';
import { MESSAGES } from '../messages';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { ZHANG, assertRefused, authed, dataOf, loginToken } from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { importWorkbookBase64, validImportRows, validIdNumber, type ImportRow } from '../test-support/import-workbook';

let server: TestServer;
let registrar: TestStaff;

before(async () => {
  server = await startTestServer();
  registrar = await signedInStaff(server, ['学员管理']);
});
after(() => server.close());

const post = (path: string, payload: Record<string, unknown>) => authed(server, registrar.token, 'POST', path, payload);

async function learnerCount(): Promise<number> {
  const [row] = await server.db.select({ n: count() }).from(learners);
  return Number(row!.n);
}

/** Three good rows and two bad ones: an ID number with a wrong check digit, a phone 张晓明 already uses. */
function threeGoodTwoBad(from: number): ImportRow[] {
  const good = validImportRows(3, from);
  const badId = validIdNumber(from + 3).slice(0, 17) + (validIdNumber(from + 3).endsWith('0') ? '1' : '0');
  return [
    good[0]!,
    ['错号学员', badId, '13900099991', '执业西药师', ''],
    good[1]!,
    ['重号学员', validIdNumber(from + 4), ZHANG.phone, '从业药师', '南京市药房'],
    good[2]!,
  ];
}

test('the template is an .xlsx whose data sheet holds only the header, in import order', async () => {
  const template = dataOf(await authed(server, registrar.token, 'GET', '/v1/admin/learners/import/template')) as {
    file_name: string;
    xlsx_base64: string;
  };
  assert.match(template.file_name, /\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  const bytes = Buffer.from(template.xlsx_base64, 'base64');
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const sheet = workbook.worksheets[0]!;
  assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), [...IMPORT_COLUMNS]);
  assert.equal(sheet.actualRowCount, 1, 'no example row that would be imported');
  // The qualification choices read as the four real ones: each quoted, none seeming repeated.
  const notes = workbook.getWorksheet('说明')!;
  const certification = notes.getColumn(1).values.findIndex((value) => value === '证书类型');
  const text = notes.getRow(certification).getCell(2).text;
  const choices = [...text.matchAll(/“([^”]+)”/g)].map((match) => match[1]);
  assert.deepEqual(choices, Object.values(CERTIFICATION_TYPE_LABELS));
  assert.match(text, /从以下4项中选一项/);
  // The template as downloaded, with nothing filled in, is refused as empty.
  assertRefused(
    await post('/v1/admin/learners/import/check', { file_base64: template.xlsx_base64 }),
    400,
    MESSAGES.importEmpty,
  );
});

test('check reports each failed row and why, and writes no learner', async () => {
  const file = await importWorkbookBase64(threeGoodTwoBad(100));
  const before = await learnerCount();
  const report = importReportSchema.parse(dataOf(await post('/v1/admin/learners/import/check', { file_base64: file })));
  assert.equal(report.rows, 5);
  assert.equal(report.valid, 3);
  assert.deepEqual(
    report.failed.map((row) => [row.row, row.name, row.reasons]),
    [
      [3, '错号学员', ['请输入正确的身份证号']],
      [5, '重号学员', [MESSAGES.learnerPhoneTaken]],
    ],
  );
  assert.equal(await learnerCount(), before);
});

test('bad files are a 400 with a Chinese message and change nothing', async () => {
  const before = await learnerCount();
  assertRefused(
    await post('/v1/admin/learners/import/check', { file_base64: Buffer.from('not a workbook').toString('base64') }),
    400,
    MESSAGES.importNotXlsx,
  );
  const wrongHeader = await importWorkbookBase64(validImportRows(1, 200), [
    '姓名',
    '手机号',
    '身份证号',
    '证书类型',
    '工作单位',
  ]);
  assertRefused(await post('/v1/admin/learners/import/check', { file_base64: wrongHeader }), 400, /表头应依次为/);
  assertRefused(
    await post('/v1/admin/learners/import/confirm', { file_base64: wrongHeader, valid: 1 }),
    400,
    /表头应依次为/,
  );
  const duplicates = await importWorkbookBase64([...validImportRows(1, 210), ...validImportRows(1, 210)]);
  const report = importReportSchema.parse(
    dataOf(await post('/v1/admin/learners/import/check', { file_base64: duplicates })),
  );
  assert.deepEqual(
    report.failed.map((row) => row.reasons),
    [['身份证号与第2行重复', '手机号与第2行重复']],
  );
  assert.equal(await learnerCount(), before);
});

test('confirm imports the valid rows all together; they log in with the initial password', async () => {
  const rows = threeGoodTwoBad(300);
  const file = await importWorkbookBase64(rows);
  const before = await learnerCount();
  const imported = dataOf(await post('/v1/admin/learners/import/confirm', { file_base64: file, valid: 3 }));
  assert.deepEqual(imported, { imported: 3, skipped: 2 });
  assert.equal(await learnerCount(), before + 3);
  const good = [rows[0]!, rows[2]!, rows[4]!];
  await loginToken(server, good[1]![1], good[1]![1].slice(-6));
  await loginToken(server, good[2]![2], good[2]![1].slice(-6));
  const [record] = await server.db.select().from(auditRecords).where(eq(auditRecords.action, 'learner.import'));
  assert.deepEqual(record!.after, { imported: 3, skipped: 2, rows: 5 });
  // The same file again: every row now clashes with an account, nothing is imported.
  assertRefused(
    await post('/v1/admin/learners/import/confirm', { file_base64: file, valid: 3 }),
    409,
    MESSAGES.importNothingValid,
  );
  assert.equal(await learnerCount(), before + 3);
});

test('all or nothing: a file that changed since the check, or two confirmations racing, never half-import', async () => {
  const rows = validImportRows(4, 400);
  const file = await importWorkbookBase64(rows);
  const report = importReportSchema.parse(dataOf(await post('/v1/admin/learners/import/check', { file_base64: file })));
  assert.equal(report.valid, 4);
  // Meanwhile one of the four phones gets an account: the operator confirmed 4, only 3 could go in.
  dataOf(
    await post('/v1/admin/learners/create', {
      name: '抢先学员',
      idcard: validIdNumber(499),
      phone: rows[2]![2],
      certification_type: 1,
      company: '',
    }),
  );
  const before = await learnerCount();
  assertRefused(
    await post('/v1/admin/learners/import/confirm', { file_base64: file, valid: 4 }),
    409,
    MESSAGES.importChanged(4, 3),
  );
  assert.equal(await learnerCount(), before);
  const ids = rows.map((row) => row[1]);
  assert.equal((await server.db.select().from(learners).where(inArray(learners.idNumber, ids))).length, 0);

  // Two confirmations of one file at once: one imports every row, the other none.
  const racing = await importWorkbookBase64(validImportRows(50, 500));
  const answers = await Promise.all(
    [1, 2].map(() => post('/v1/admin/learners/import/confirm', { file_base64: racing, valid: 50 })),
  );
  assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409]);
  assert.equal(await learnerCount(), before + 50);
});
