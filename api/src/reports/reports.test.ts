import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  REPORT_EXPORT_KEEP_DAYS,
  REPORT_EXPORT_MESSAGES,
  type CompletedLearner,
  type ReportExport,
  type YearReport,
} from '@yaoshi/contracts/reports';
import { learners } from '../accounts/accounts-schema';
import { auditRecords } from '../audit/audit-schema';
import { academicYears, courses } from '../catalogue/catalogue-schema';
import { parseBeijingTime } from '@yaoshi/contracts/beijing-time';
import { enrolments } from '../orders/orders-schema';
import { courseProgress } from '../study/study-schema';
import { assertRefused, authed, dataOf, loginToken, ZHANG } from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { databaseFingerprint, startTestServer, type TestServer } from '../test-support/test-server';
import { localStorage } from '../storage/local-storage';
import { deleteExpiredExports } from './report-exports';
import { reportExports } from './report-exports-schema';
import { cellText } from '../spreadsheets/xlsx-import';

/**
 * 统计报表 on a fixture year of its own (2031, need_all 1: 60 professional + 30 public hours):
 *
 * | learner | unit       | region       | finished                         | completed |
 * | 甲      | 南京鼓楼医院 | 江苏省南京市 | P1 P2 U1 U2 (90 h), 2031-03-06   | yes       |
 * | 乙      | 南京鼓楼医院 | 江苏省南京市 | P1 U1 U2 (60 h), P2 at 50 %      | no        |
 * | 丙      | 苏州药店     | 江苏省苏州市 | P1 P2 (60 h), no public course   | no        |
 * | 丁      | (blank)     | 上海市       | P1 P2 U1 U2 (90 h), 2031-03-01;  | yes       |
 * |         |             |              | a withdrawn elective not counted |           |
 * | 戊      | 苏州药店     | 江苏省苏州市 | enrolled in P1, nothing studied  | no        |
 * | 己      | 苏州药店     | 江苏省苏州市 | only a withdrawn enrolment       | not counted |
 */
const YEAR = 2031;
const EMPTY_YEAR = 2032;
const DAY_MS = 24 * 60 * 60 * 1000;
let server: TestServer;
let reader: TestStaff;
const now = () => server.clock.now();

async function addLearner(
  serial: number,
  name: string,
  company: string,
  province: string,
  city: string,
): Promise<number> {
  const [row] = await server.db
    .insert(learners)
    .values({
      name,
      idNumber: `32010619900101${String(serial).padStart(3, '0')}X`,
      phone: `1390000${String(serial).padStart(4, '0')}`,
      passwordHash: 'x',
      certificationType: 1,
      company,
      province,
      city,
      createdAt: now(),
      updatedAt: now(),
    })
    .returning({ id: learners.id });
  return row!.id;
}

before(async () => {
  server = await startTestServer();
  const db = server.db;
  // Open, and the default since 1 June (the test clock is mid-June): the current year.
  await db
    .insert(academicYears)
    .values({ year: YEAR, needAll: 1, sortOrder: -100, openedAt: new Date(0), defaultFrom: '2025-06-01' });
  await db.insert(academicYears).values({ year: EMPTY_YEAR, needAll: 1, sortOrder: 100 });
  const course = async (name: string, kind: 'professional' | 'public', courseType: number, tenths: number) => {
    const [row] = await db
      .insert(courses)
      .values({
        year: YEAR,
        kind,
        courseType,
        name,
        creditTenths: tenths,
        classHourTenths: tenths,
        priceFen: 0,
        createdAt: now(),
      })
      .returning({ id: courses.id });
    return row!.id;
  };
  const p1 = await course('报表专业课一', 'professional', 1, 300);
  const p2 = await course('报表专业课二', 'professional', 1, 300);
  const e1 = await course('报表选修课', 'professional', 2, 60);
  const u1 = await course('报表公需课一', 'public', 1, 150);
  const u2 = await course('报表公需课二', 'public', 1, 150);

  const enrol = async (learnerId: number, courseIds: number[], withdrawn = false) =>
    db.insert(enrolments).values(
      courseIds.map((courseId) => ({
        learnerId,
        courseId,
        year: YEAR,
        createdAt: now(),
        withdrawnAt: withdrawn ? parseBeijingTime('2031-02-01 10:00:00') : null,
      })),
    );
  const progress = async (learnerId: number, courseId: number, percent: number, finished = '2031-02-20 10:00:00') =>
    db.insert(courseProgress).values({
      learnerId,
      courseId,
      verifiedSeconds: percent,
      progress: percent,
      completedAt: percent === 100 ? parseBeijingTime(finished) : null,
      updatedAt: now(),
    });

  const jia = await addLearner(1, '甲', '南京鼓楼医院', '江苏省', '南京市');
  await enrol(jia, [p1, p2, u1, u2]);
  for (const id of [p1, p2, u1]) await progress(jia, id, 100);
  await progress(jia, u2, 100, '2031-03-06 23:30:00');

  const yi = await addLearner(2, '乙', '南京鼓楼医院', '江苏省', '南京市');
  await enrol(yi, [p1, p2, u1, u2]);
  for (const id of [p1, u1, u2]) await progress(yi, id, 100);
  await progress(yi, p2, 50);

  const bing = await addLearner(3, '丙', '苏州药店', '江苏省', '苏州市');
  await enrol(bing, [p1, p2]);
  for (const id of [p1, p2]) await progress(bing, id, 100);

  const ding = await addLearner(4, '丁', '', '上海市', '市辖区');
  await enrol(ding, [p1, p2, u1, u2]);
  await enrol(ding, [e1], true);
  for (const id of [p1, p2, u1]) await progress(ding, id, 100);
  await progress(ding, u2, 100, '2031-03-01 09:00:00');
  await progress(ding, e1, 100);

  const wu = await addLearner(5, '戊', '苏州药店', '江苏省', '苏州市');
  await enrol(wu, [p1]);

  const ji = await addLearner(6, '己', '苏州药店', '江苏省', '苏州市');
  await enrol(ji, [p1, p2], true);

  reader = await signedInStaff(server, ['只读审计']);
});
after(() => server.close());

const report = async (payload: Record<string, unknown>) =>
  dataOf(await authed(server, reader.token, 'GET', '/v1/admin/reports/year', payload)) as YearReport;

describe('the year report', () => {
  test('enrolled, completed, hours and rate in all, by unit and by region', async () => {
    const data = await report({ year: YEAR });
    assert.equal(data.year, YEAR);
    assert.equal(data.years[0], YEAR, "in the study list's order: the default year first");
    assert.ok(data.years.includes(EMPTY_YEAR));
    assert.deepEqual(data.summary, {
      name: '合计',
      enrolled: 5,
      completed: 2,
      hours_completed: 300,
      completion_rate: 40,
    });
    assert.deepEqual(data.by_unit, [
      { name: '南京鼓楼医院', enrolled: 2, completed: 1, hours_completed: 150, completion_rate: 50 },
      { name: '苏州药店', enrolled: 2, completed: 0, hours_completed: 60, completion_rate: 0 },
      { name: '未填写', enrolled: 1, completed: 1, hours_completed: 90, completion_rate: 100 },
    ]);
    assert.deepEqual(data.by_region, [
      { name: '江苏省南京市', enrolled: 2, completed: 1, hours_completed: 150, completion_rate: 50 },
      { name: '江苏省苏州市', enrolled: 2, completed: 0, hours_completed: 60, completion_rate: 0 },
      { name: '上海市', enrolled: 1, completed: 1, hours_completed: 90, completion_rate: 100 },
    ]);
  });

  test('without a year: the current open year', async () => {
    const data = await report({});
    assert.equal(data.year, YEAR);
  });

  test('a year nobody studied: zeros, empty tables', async () => {
    const data = await report({ year: EMPTY_YEAR });
    assert.deepEqual(data.summary, { name: '合计', enrolled: 0, completed: 0, hours_completed: 0, completion_rate: 0 });
    assert.deepEqual(data.by_unit, []);
    assert.deepEqual(data.by_region, []);
  });
});

describe('the completed list', () => {
  test('who completed, with their hours, the day and the archive review due 7 working days later', async () => {
    const page = dataOf(
      await authed(server, reader.token, 'GET', '/v1/admin/reports/completed', { year: YEAR, page: 1, size: 20 }),
    ) as { total: number; list: CompletedLearner[] };
    assert.equal(page.total, 2);
    assert.deepEqual(
      page.list.map(({ learner_id: _id, ...rest }) => rest),
      [
        {
          name: '丁',
          id_number: '32010619900101004X',
          unit: '未填写',
          region: '上海市',
          professional_hours: 60,
          public_hours: 30,
          hours_completed: 90,
          completed_on: '2031-03-01',
          // Saturday 1 March: Monday 3 to Tuesday 11 are seven working days.
          review_due_on: '2031-03-11',
        },
        {
          name: '甲',
          id_number: '32010619900101001X',
          unit: '南京鼓楼医院',
          region: '江苏省南京市',
          professional_hours: 60,
          public_hours: 30,
          hours_completed: 90,
          // 23:30 Beijing time is still the 6th (15:30 UTC).
          completed_on: '2031-03-06',
          review_due_on: '2031-03-17',
        },
      ],
    );
    const second = dataOf(
      await authed(server, reader.token, 'GET', '/v1/admin/reports/completed', { year: YEAR, page: 2, size: 1 }),
    ) as { total: number; list: CompletedLearner[] };
    assert.equal(second.total, 2);
    assert.deepEqual(
      second.list.map((row) => row.name),
      ['甲'],
    );
  });
});

async function workbookOf(base64: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  return workbook;
}

function rowsOf(sheet: ExcelJS.Worksheet | undefined): string[][] {
  assert.ok(sheet);
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values: string[] = [];
    for (let column = 1; column <= sheet.columnCount; column += 1) values.push(cellText(row.getCell(column).value));
    rows.push(values);
  });
  return rows;
}

/** Asks for an export, waits for the job to make it (排队中 → 已完成), and downloads it. */
async function exported(report: 'summary' | 'completed'): Promise<{ file_name: string; xlsx_base64: string }> {
  const requested = dataOf(
    await authed(server, reader.token, 'POST', '/v1/admin/reports/export', { year: YEAR, report }),
  ) as ReportExport;
  assert.ok(['queued', 'running', 'done'].includes(requested.status), 'answered at once, made by the job');
  assert.equal(requested.requested_by, reader.username);
  const deadline = Date.now() + 30_000;
  let listed: ReportExport | undefined;
  while (Date.now() < deadline) {
    const { list } = dataOf(await authed(server, reader.token, 'GET', '/v1/admin/reports/exports', {})) as {
      list: ReportExport[];
    };
    listed = list.find((entry) => entry.export_id === requested.export_id);
    if (listed?.status === 'done') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(listed?.status_text, '已完成');
  assert.equal(listed?.downloadable, true);
  return dataOf(
    await authed(server, reader.token, 'GET', '/v1/admin/reports/export_file', { export_id: requested.export_id }),
  ) as { file_name: string; xlsx_base64: string };
}

describe('export', () => {
  test('the summary as .xlsx: the same numbers, one sheet per table; audited', async () => {
    const file = await exported('summary');
    assert.equal(file.file_name, '2031年度学习情况统计.xlsx');
    const workbook = await workbookOf(file.xlsx_base64);
    assert.deepEqual(
      workbook.worksheets.map((sheet) => sheet.name),
      ['合计', '按单位', '按地区'],
    );
    assert.deepEqual(rowsOf(workbook.getWorksheet('合计')), [
      ['范围', '报名人数', '完成人数', '完成学时', '完成率（%）'],
      ['合计', '5', '2', '300', '40'],
    ]);
    assert.deepEqual(rowsOf(workbook.getWorksheet('按单位')).slice(1), [
      ['南京鼓楼医院', '2', '1', '150', '50'],
      ['苏州药店', '2', '0', '60', '0'],
      ['未填写', '1', '1', '90', '100'],
    ]);
    assert.deepEqual(rowsOf(workbook.getWorksheet('按地区')).slice(1), [
      ['江苏省南京市', '2', '1', '150', '50'],
      ['江苏省苏州市', '2', '0', '60', '0'],
      ['上海市', '1', '1', '90', '100'],
    ]);
    const [record] = await server.db.select().from(auditRecords).orderBy(desc(auditRecords.id)).limit(1);
    assert.equal(record!.action, 'report.export');
    assert.equal(record!.target, '2031年度学习情况统计');
    assert.equal(record!.actor, reader.username);
  });

  test('the completed list as .xlsx, every learner with full ID number and hours; audited', async () => {
    const file = await exported('completed');
    assert.equal(file.file_name, '2031年度完成学习人员名单.xlsx');
    const workbook = await workbookOf(file.xlsx_base64);
    assert.deepEqual(rowsOf(workbook.getWorksheet('完成名单')), [
      [
        '序号',
        '姓名',
        '身份证号',
        '工作单位',
        '地区',
        '专业课学时',
        '公需课学时',
        '合计学时',
        '完成日期',
        '审核截止日期',
      ],
      ['1', '丁', '32010619900101004X', '未填写', '上海市', '60', '30', '90', '2031-03-01', '2031-03-11'],
      ['2', '甲', '32010619900101001X', '南京鼓楼医院', '江苏省南京市', '60', '30', '90', '2031-03-06', '2031-03-17'],
    ]);
    const [record] = await server.db.select().from(auditRecords).orderBy(desc(auditRecords.id)).limit(1);
    assert.equal(record!.action, 'report.export');
    assert.equal(record!.target, '2031年度完成学习人员名单');
  });

  test('the file is private, kept 7 days, then deleted: the record says so and a download is refused', async () => {
    await exported('summary');
    const [row] = await server.db.select().from(reportExports).orderBy(desc(reportExports.id)).limit(1);
    assert.match(row!.fileKey!, /^exports\/reports\/\d+-[0-9a-f]{16}\.xlsx$/);
    assert.equal(row!.rows, 7, 'the total, three units and three regions');
    // Never served without a signature.
    assert.ok((await server.send(`/media/${row!.fileKey}`)).status >= 400);
    // Not yet made: 409. Unknown: 404.
    const [waiting] = await server.db
      .insert(reportExports)
      .values({
        year: YEAR,
        report: 'summary',
        status: 'queued',
        requestedBy: reader.username,
        fileName: 'x.xlsx',
        createdAt: now(),
        updatedAt: now(),
      })
      .returning();
    const file = (id: number) =>
      authed(server, reader.token, 'GET', '/v1/admin/reports/export_file', { export_id: id });
    assertRefused(await file(waiting!.id), 409, REPORT_EXPORT_MESSAGES.notReady);
    assertRefused(await file(waiting!.id + 1000), 404, REPORT_EXPORT_MESSAGES.unknown);
    await server.db.delete(reportExports).where(eq(reportExports.id, waiting!.id));

    const storage = localStorage({ root: server.config.mediaDir, signedUrl: (key) => `/media/${key}` });
    // Moved on, then back (the staff session would lapse): what retention leaves is the same.
    const started = server.clock.nowMs();
    try {
      server.clock.advance((REPORT_EXPORT_KEEP_DAYS - 1) * DAY_MS);
      assert.equal(await deleteExpiredExports(server.db, server.clock, storage), 0);
      server.clock.advance(2 * DAY_MS);
      assert.ok((await deleteExpiredExports(server.db, server.clock, storage)) >= 1);
    } finally {
      server.clock.set(started);
    }
    assert.equal(await storage.head(row!.fileKey!), null, 'the file is gone');
    const { list } = dataOf(await authed(server, reader.token, 'GET', '/v1/admin/reports/exports', {})) as {
      list: ReportExport[];
    };
    const expired = list.find((entry) => entry.export_id === row!.id)!;
    assert.equal(expired.status_text, '已完成');
    assert.equal(expired.downloadable, false);
    assertRefused(await file(row!.id), 409, REPORT_EXPORT_MESSAGES.expired);
  });
});

describe('refusals', () => {
  test('roles without reports.read, a learner and an anonymous caller are refused; nothing changes', async () => {
    const finance = await signedInStaff(server, ['财务']);
    const editor = await signedInStaff(server, ['内容编辑']);
    const learner = await loginToken(server, ZHANG.phone, ZHANG.password);
    const { request_nonces: _n, ...before } = await databaseFingerprint(server.db);
    for (const token of [finance.token, editor.token]) {
      assert.equal((await authed(server, token, 'GET', '/v1/admin/reports/year', { year: YEAR })).status, 403);
      assert.equal((await authed(server, token, 'GET', '/v1/admin/reports/completed', { year: YEAR })).status, 403);
      assert.equal(
        (await authed(server, token, 'POST', '/v1/admin/reports/export', { year: YEAR, report: 'completed' })).status,
        403,
      );
      assert.equal((await authed(server, token, 'GET', '/v1/admin/reports/exports', {})).status, 403);
      assert.equal((await authed(server, token, 'GET', '/v1/admin/reports/export_file', { export_id: 1 })).status, 403);
    }
    assert.equal((await authed(server, learner, 'GET', '/v1/admin/reports/year', { year: YEAR })).status, 401);
    assert.equal(
      (
        await server.call({
          method: 'POST',
          path: '/v1/admin/reports/export',
          payload: { year: YEAR, report: 'summary' },
        })
      ).status,
      401,
    );
    const { request_nonces: _m, ...after } = await databaseFingerprint(server.db);
    assert.deepEqual(after, before);
  });

  test('bad input is a 4xx, never a 5xx, and exports nothing', async () => {
    const [last] = await server.db
      .select({ id: auditRecords.id })
      .from(auditRecords)
      .orderBy(desc(auditRecords.id))
      .limit(1);
    const cases: ['GET' | 'POST', string, Record<string, unknown>, number][] = [
      ['GET', '/v1/admin/reports/year', { year: 'abc' }, 400],
      ['GET', '/v1/admin/reports/year', { year: 1999 }, 400],
      ['GET', '/v1/admin/reports/year', { year: 2031.5 }, 400],
      ['GET', '/v1/admin/reports/year', { year: YEAR, extra: 1 }, 400],
      ['GET', '/v1/admin/reports/year', { year: 2099 }, 404],
      ['GET', '/v1/admin/reports/completed', {}, 400],
      ['GET', '/v1/admin/reports/completed', { year: YEAR, page: 0 }, 400],
      ['GET', '/v1/admin/reports/completed', { year: YEAR, size: 1000 }, 400],
      ['GET', '/v1/admin/reports/completed', { year: 2099 }, 404],
      ['POST', '/v1/admin/reports/export', { year: YEAR, report: 'everything' }, 400],
      ['POST', '/v1/admin/reports/export', { year: YEAR }, 400],
      ['POST', '/v1/admin/reports/export', { year: 2099, report: 'summary' }, 404],
      ['GET', '/v1/admin/reports/exports', { extra: 1 }, 400],
      ['GET', '/v1/admin/reports/export_file', {}, 400],
      ['GET', '/v1/admin/reports/export_file', { export_id: 'abc' }, 400],
      ['GET', '/v1/admin/reports/export_file', { export_id: -1 }, 400],
      ['GET', '/v1/admin/reports/export_file', { export_id: 1e12 }, 400],
      ['GET', '/v1/admin/reports/export_file', { export_id: 999_999 }, 404],
    ];
    for (const [method, path, payload, status] of cases) {
      const response = await authed(server, reader.token, method, path, payload);
      assert.equal(response.status, status, `${method} ${path} ${JSON.stringify(payload)}`);
    }
    assertRefused(
      await authed(server, reader.token, 'GET', '/v1/admin/reports/year', { year: 2099 }),
      404,
      '该年度不存在',
    );
    const [now] = await server.db
      .select({ id: auditRecords.id })
      .from(auditRecords)
      .orderBy(desc(auditRecords.id))
      .limit(1);
    assert.equal(now!.id, last!.id, 'a refused export leaves no audit record');
  });
});
