import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ClosureRow, FaceConsentState, MyClosure, MyData } from '@yaoshi/contracts/personal-data';
import {
  FACE_CONSENT_VERSION,
  PERSONAL_DATA_MESSAGES as M,
  maskPersonalIdNumber,
  maskPhone,
} from '@yaoshi/contracts/personal-data-rules';
import { ROLE_PERMISSIONS, STAFF_ROLES, type Permission, type StaffRole } from '@yaoshi/contracts/staff-roles';
import type { ReportExport } from '@yaoshi/contracts/reports';
import { learners } from '../accounts/accounts-schema';
import { auditRecords } from '../audit/audit-schema';
import { beijingYearOf } from '@yaoshi/contracts/beijing-time';
import { facePhotos } from '../face-photos/face-photos-schema';
import { orders } from '../orders/orders-schema';
import { MESSAGES } from '../messages';
import { cellText } from '../spreadsheets/xlsx-import';
import { JPEG_BYTES } from '../test-support/image-fixtures';
import {
  CHEN,
  LI,
  WANG,
  ZHANG,
  ZHAO,
  assertRefused,
  authed,
  dataOf,
  loginToken,
  passwordLogin,
} from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { startTestServer, type TestServer } from '../test-support/test-server';

let server: TestServer;
let mediaDir: string;
const staff = new Map<StaffRole, TestStaff>();
const photo = `data:image/jpeg;base64,${JPEG_BYTES.toString('base64')}`;

before(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-personal-'));
  server = await startTestServer({ config: { mediaDir } });
  for (const role of STAFF_ROLES) staff.set(role, await signedInStaff(server, [role]));
});
after(async () => {
  await server.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const as = (role: StaffRole) => staff.get(role)!;
const may = (role: StaffRole, permission: Permission) => ROLE_PERMISSIONS[role].includes(permission);

async function learnerIdOf(idNumber: string): Promise<number> {
  const [row] = await server.db.select({ id: learners.id }).from(learners).where(eq(learners.idNumber, idNumber));
  return row!.id;
}

async function lastAudit(action: string) {
  const [record] = await server.db
    .select()
    .from(auditRecords)
    .where(eq(auditRecords.action, action))
    .orderBy(desc(auditRecords.id))
    .limit(1);
  return record;
}

describe('face photos need the learner’s separate consent', () => {
  test('an upload before consent is refused; the rules’ version and time are recorded and audited', async () => {
    const token = await loginToken(server, LI.phone, LI.password);
    const state = dataOf(await authed(server, token, 'GET', '/v1/face_consent')) as FaceConsentState;
    assert.deepEqual(state, {
      version: FACE_CONSENT_VERSION,
      consented_version: null,
      consented_at: null,
      consented: false,
      retention_days: server.config.faceCheckRetentionDays,
    });
    const photosBefore = await server.db
      .select()
      .from(facePhotos)
      .where(eq(facePhotos.learnerId, await learnerIdOf(LI.idNumber)));
    assertRefused(
      await authed(server, token, 'POST', '/v1/avatar', { avatar: photo, course_id: 0 }),
      409,
      M.consentRequired,
    );
    const photosAfter = await server.db
      .select()
      .from(facePhotos)
      .where(eq(facePhotos.learnerId, await learnerIdOf(LI.idNumber)));
    assert.equal(photosAfter.length, photosBefore.length, 'nothing stored');

    // An outdated text is not a consent to the rules in force.
    assertRefused(
      await authed(server, token, 'POST', '/v1/face_consent', { version: '2020-old' }),
      409,
      M.consentOutdated,
    );
    const given = dataOf(
      await authed(server, token, 'POST', '/v1/face_consent', { version: FACE_CONSENT_VERSION }),
    ) as FaceConsentState;
    assert.equal(given.consented, true);
    assert.equal(given.consented_version, FACE_CONSENT_VERSION);
    assert.match(given.consented_at!, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const record = await lastAudit('learner.face-consent');
    assert.equal(record?.target, LI.idNumber);
    assert.equal(record?.actor, `学员 ${LI.name}`);

    dataOf(await authed(server, token, 'POST', '/v1/avatar', { avatar: photo, course_id: 0 }));
    // Agreeing again keeps the first time.
    const again = dataOf(
      await authed(server, token, 'POST', '/v1/face_consent', { version: FACE_CONSENT_VERSION }),
    ) as FaceConsentState;
    assert.equal(again.consented_at, given.consented_at);
  });
});

/** Every learner's whole ID number and phone: none may appear in a masked role's response. */
async function wholeNumbers(): Promise<string[]> {
  const rows = await server.db.select({ idNumber: learners.idNumber, phone: learners.phone }).from(learners);
  return rows.flatMap((row) => [row.idNumber, row.phone]);
}

/** Each console read that returns learners' numbers, with a payload that finds some. */
async function personalReads(): Promise<{ path: string; permission: Permission; payload: Record<string, unknown> }[]> {
  const [order] = await server.db.select({ orderNo: orders.orderNo }).from(orders).limit(1);
  const year = beijingYearOf(server.clock.now());
  return [
    { path: '/v1/admin/learners', permission: 'learners.read', payload: { size: 100 } },
    {
      path: '/v1/admin/learners/detail',
      permission: 'learners.read',
      payload: { id: await learnerIdOf(ZHANG.idNumber) },
    },
    { path: '/v1/admin/closures', permission: 'learners.write', payload: { size: 100 } },
    { path: '/v1/admin/faces/queue', permission: 'faces.review', payload: { size: 100 } },
    { path: '/v1/admin/faces/lessons', permission: 'faces.review', payload: { id_number: ZHANG.idNumber } },
    { path: '/v1/admin/orders', permission: 'finance.read', payload: { size: 100 } },
    { path: '/v1/admin/orders/detail', permission: 'finance.read', payload: { order_no: order!.orderNo } },
    { path: '/v1/admin/refunds', permission: 'finance.read', payload: { size: 100 } },
    { path: '/v1/admin/invoices', permission: 'finance.read', payload: { size: 100 } },
    { path: '/v1/admin/reports/completed', permission: 'reports.read', payload: { year, size: 100 } },
    { path: '/v1/admin/archive_reviews', permission: 'archive.review', payload: { year, size: 100 } },
    { path: '/v1/admin/audit', permission: 'audit.read', payload: { size: 100 } },
  ];
}

describe('masking in the console', () => {
  before(async () => {
    // Something of everyone in the reads: a learner created (its audit record holds the phone),
    // a photo waiting for review, a closure request.
    const registrar = as('学员管理');
    dataOf(
      await authed(server, registrar.token, 'POST', '/v1/admin/learners/create', {
        name: '隐私测试',
        idcard: '110105199003070033',
        phone: '13600009999',
        certification_type: 2,
      }),
    );
    const token = await loginToken(server, WANG.phone, WANG.password);
    dataOf(await authed(server, token, 'POST', '/v1/face_consent', { version: FACE_CONSENT_VERSION }));
    dataOf(await authed(server, token, 'POST', '/v1/avatar', { avatar: photo }));
    dataOf(await authed(server, token, 'POST', '/v1/account_closure', { reason: '不再执业' }));
  });

  test('no role receives a whole ID number or phone from any console read: masked by default for all', async () => {
    const whole = await wholeNumbers();
    const reads = await personalReads();
    let checked = 0;
    for (const role of STAFF_ROLES) {
      for (const read of reads) {
        if (!may(role, read.permission)) continue;
        const response = await authed(server, as(role).token, 'GET', read.path, read.payload);
        assert.equal(response.status, 200, `${role} ${read.path}`);
        const text = JSON.stringify(dataOf(response));
        const leaked = whole.filter((value) => text.includes(value));
        assert.deepEqual(leaked, [], `${role} ${read.path} sends whole numbers`);
        checked += 1;
      }
    }
    assert.ok(checked >= 20, `checked ${checked} reads`);
  });

  test('the masked forms: 3201**********4510 and 138****5678, in the list, the drawer and the queues', async () => {
    const reviewer = as('审核');
    const { list } = dataOf(
      await authed(server, reviewer.token, 'GET', '/v1/admin/learners', { keyword: ZHANG.name }),
    ) as { list: { id_number: string; phone: string }[] };
    assert.deepEqual(list[0], {
      ...list[0],
      id_number: maskPersonalIdNumber(ZHANG.idNumber),
      phone: maskPhone(ZHANG.phone),
    });
    assert.match(list[0].id_number, /^\d{4}\*{10}[\dX]{4}$/);
    assert.match(list[0].phone, /^1\d{2}\*{4}\d{4}$/);
    const detail = dataOf(
      await authed(server, reviewer.token, 'GET', '/v1/admin/learners/detail', {
        id: await learnerIdOf(ZHANG.idNumber),
      }),
    ) as { profile: { idcard: string; phone: string } };
    assert.equal(detail.profile.idcard, maskPersonalIdNumber(ZHANG.idNumber));
    assert.equal(detail.profile.phone, maskPhone(ZHANG.phone));
    const audit = dataOf(
      await authed(server, as('只读审计').token, 'GET', '/v1/admin/audit', { action: 'learner.create' }),
    ) as { list: { target: string; after: { phone: string } }[] };
    assert.equal(audit.list[0]!.target, '1101**********0033');
    assert.equal(audit.list[0]!.after.phone, '136****9999');
  });

  test('学员管理 (learners.reveal) sees them masked too, and may search by part of a number', async () => {
    const registrar = as('学员管理');
    const { list } = dataOf(
      await authed(server, registrar.token, 'GET', '/v1/admin/learners', { keyword: ZHANG.idNumber.slice(0, 12) }),
    ) as { list: { id_number: string; phone: string }[] };
    assert.ok(list.some((row) => row.id_number === maskPersonalIdNumber(ZHANG.idNumber)));
  });

  test('a role without learners.reveal finds a learner by a whole number, never by a part of one', async () => {
    const reviewer = as('审核');
    const search = async (payload: Record<string, unknown>) =>
      (dataOf(await authed(server, reviewer.token, 'GET', '/v1/admin/learners', payload)) as { total: number }).total;
    assert.equal(await search({ keyword: ZHANG.idNumber }), 1);
    assert.equal(await search({ keyword: ZHANG.phone }), 1);
    assert.equal(await search({ id_number: ZHANG.idNumber }), 1);
    assert.equal(await search({ keyword: ZHANG.idNumber.slice(0, 10) }), 0);
    assert.equal(await search({ id_number: ZHANG.idNumber.slice(0, 10) }), 0);
    assert.equal(await search({ phone: ZHANG.phone.slice(0, 7) }), 0);
    const finance = as('财务');
    const orderSearch = async (learner: string) =>
      (dataOf(await authed(server, finance.token, 'GET', '/v1/admin/orders', { learner })) as { total: number }).total;
    assert.ok((await orderSearch(WANG.idNumber)) > 0);
    assert.equal(await orderSearch(WANG.idNumber.slice(0, 12)), 0);
  });
});

describe('a reveal: one value of one learner, audited', () => {
  test('学员管理 reveals the ID number, then the phone; each writes a record naming the field', async () => {
    const registrar = as('学员管理');
    const id = await learnerIdOf(ZHAO.idNumber);
    const idNumber = dataOf(
      await authed(server, registrar.token, 'POST', '/v1/admin/learners/reveal', { id, field: 'id_number' }),
    ) as { value: string };
    assert.equal(idNumber.value, ZHAO.idNumber);
    let record = await lastAudit('learner.reveal-personal');
    assert.equal(record?.target, ZHAO.idNumber);
    assert.equal(record?.actor, registrar.username);
    assert.deepEqual(record?.after, { field: 'id_number' });
    const phone = dataOf(
      await authed(server, registrar.token, 'POST', '/v1/admin/learners/reveal', { id, field: 'phone' }),
    ) as { value: string };
    assert.equal(phone.value, ZHAO.phone);
    record = await lastAudit('learner.reveal-personal');
    assert.deepEqual(record?.after, { field: 'phone' });
  });

  test('every role without learners.reveal is refused, and nothing is recorded', async () => {
    const id = await learnerIdOf(ZHAO.idNumber);
    const before = await lastAudit('learner.reveal-personal');
    for (const role of STAFF_ROLES.filter((candidate) => !may(candidate, 'learners.reveal')))
      assertRefused(
        await authed(server, as(role).token, 'POST', '/v1/admin/learners/reveal', { id, field: 'id_number' }),
        403,
        MESSAGES.staffForbidden,
      );
    assert.equal((await lastAudit('learner.reveal-personal'))?.id, before?.id);
    assertRefused(
      await authed(server, as('学员管理').token, 'POST', '/v1/admin/learners/reveal', { id: 999_999, field: 'phone' }),
      404,
      MESSAGES.learnerNotFound,
    );
  });
});

async function exportedBy(member: TestStaff, year: number): Promise<number> {
  const requested = dataOf(
    await authed(server, member.token, 'POST', '/v1/admin/reports/export', { year, report: 'completed' }),
  ) as ReportExport;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { list } = dataOf(await authed(server, member.token, 'GET', '/v1/admin/reports/exports', {})) as {
      list: ReportExport[];
    };
    if (list.find((entry) => entry.export_id === requested.export_id)?.status === 'done') return requested.export_id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the export was not made in time');
}

async function idColumnOf(base64: string): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  const values: string[] = [];
  workbook.getWorksheet('完成名单')!.eachRow((row, number) => {
    if (number > 1) values.push(cellText(row.getCell(3).value));
  });
  return values;
}

describe('exports', () => {
  test('whole ID numbers only for learners.reveal; each file and download audited with its rows', async () => {
    // 陈静's demo year is complete: she is on the year's completed list.
    const year = beijingYearOf(server.clock.now());
    const auditor = as('只读审计');
    const registrar = as('学员管理');

    const maskedId = await exportedBy(auditor, year);
    const masked = dataOf(
      await authed(server, auditor.token, 'GET', '/v1/admin/reports/export_file', { export_id: maskedId }),
    ) as { file_name: string; xlsx_base64: string };
    const maskedColumn = await idColumnOf(masked.xlsx_base64);
    assert.ok(maskedColumn.includes(maskPersonalIdNumber(CHEN.idNumber)));
    assert.ok(
      maskedColumn.every((value) => /^\d{4}\*{10}[\dX]{4}$/.test(value)),
      maskedColumn.join(),
    );
    const ready = await lastAudit('report.export-ready');
    assert.deepEqual(ready?.after, {
      export_id: maskedId,
      requested_by: auditor.username,
      rows: maskedColumn.length,
      id_numbers: '隐去部分数字',
    });
    const download = await lastAudit('report.download');
    assert.equal(download?.actor, auditor.username);
    assert.equal(download?.target, masked.file_name);
    assert.deepEqual(download?.after, { export_id: maskedId, rows: maskedColumn.length, id_numbers: '隐去部分数字' });

    const fullId = await exportedBy(registrar, year);
    const full = dataOf(
      await authed(server, registrar.token, 'GET', '/v1/admin/reports/export_file', { export_id: fullId }),
    ) as { xlsx_base64: string };
    assert.ok((await idColumnOf(full.xlsx_base64)).includes(CHEN.idNumber));
    assert.deepEqual((await lastAudit('report.download'))?.after, {
      export_id: fullId,
      rows: maskedColumn.length,
      id_numbers: '完整',
    });

    // The whole-numbers file is not for a role that may not see them; the refusal records nothing.
    const before = await lastAudit('report.download');
    assertRefused(
      await authed(server, auditor.token, 'GET', '/v1/admin/reports/export_file', { export_id: fullId }),
      403,
      M.exportFullNumbersForbidden,
    );
    assert.equal((await lastAudit('report.download'))?.id, before?.id);
  });
});

describe('the learner’s copy of their data', () => {
  test('profile, orders, study, exams, certificates and face-photo dates, in Beijing time; no photos', async () => {
    const token = await loginToken(server, CHEN.phone, CHEN.password);
    // Her certificate: issued at her first download once her year's review passed.
    const { file_name, data } = dataOf(await authed(server, token, 'GET', '/v1/my_data')) as {
      file_name: string;
      data: MyData;
    };
    assert.match(file_name, /^我的个人信息-\d{4}-\d{2}-\d{2}\.json$/);
    assert.equal(data.profile['phone'], CHEN.phone);
    assert.equal(data.profile['idcard'], CHEN.idNumber);
    assert.equal(data.profile['name'], CHEN.name);
    const [ownOrders] = await Promise.all([
      server.db
        .select()
        .from(orders)
        .where(eq(orders.learnerId, await learnerIdOf(CHEN.idNumber))),
    ]);
    assert.equal(data.orders.length, ownOrders.length);
    assert.ok(data.study.length > 0, 'her enrolments and progress');
    assert.ok(data.study.some((row) => typeof row['completed_at'] === 'string'));
    const beijing = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
    assert.match(data.generated_at, beijing);
    for (const order of data.orders) assert.match(String(order['created_at']), beijing);
    const text = JSON.stringify(data);
    assert.ok(!text.includes('faces/'), 'no photo paths or URLs');
    assert.ok(!text.includes('/media/'), 'no photo paths or URLs');
    // Another learner's records are not in it.
    assert.ok(!text.includes(ZHANG.idNumber) && !text.includes(ZHANG.phone));
  });

  test('face photos are listed by date and purpose', async () => {
    const token = await loginToken(server, LI.phone, LI.password);
    const { data } = dataOf(await authed(server, token, 'GET', '/v1/my_data')) as { data: MyData };
    assert.ok(data.face_photos.length >= 1);
    assert.deepEqual(Object.keys(data.face_photos[0]!).sort(), ['purpose', 'reviewed_at', 'state', 'taken_at']);
    assert.equal(data.account.face_consent.version, FACE_CONSENT_VERSION);
  });
});

describe('closing an account', () => {
  test('ask, refuse with a reason, ask again, approve: the learner sees each state; the account closes', async () => {
    const token = await loginToken(server, ZHANG.phone, ZHANG.password);
    const learnerId = await learnerIdOf(ZHANG.idNumber);
    assert.deepEqual(dataOf(await authed(server, token, 'GET', '/v1/account_closure')), { request: null });
    const asked = dataOf(await authed(server, token, 'POST', '/v1/account_closure', { reason: '退休' })) as MyClosure;
    assert.equal(asked.request?.status, 'pending');
    assert.equal(asked.request?.status_text, '待处理');
    assertRefused(await authed(server, token, 'POST', '/v1/account_closure', {}), 409, M.closurePending);
    assert.equal((await lastAudit('learner.closure-ask'))?.target, ZHANG.idNumber);

    const registrar = as('学员管理');
    const listed = dataOf(
      await authed(server, registrar.token, 'GET', '/v1/admin/closures', { status: 'pending' }),
    ) as { pending: number; list: ClosureRow[] };
    const row = listed.list.find((entry) => entry.learner_id === learnerId)!;
    assert.equal(row.reason, '退休');
    assert.ok(listed.pending >= 1);

    assertRefused(
      await authed(server, registrar.token, 'POST', '/v1/admin/closures/refuse', { id: row.id, reason: ' ' }),
      400,
      M.refuseReasonRequired,
    );
    dataOf(
      await authed(server, registrar.token, 'POST', '/v1/admin/closures/refuse', {
        id: row.id,
        reason: '尚有未完成的退款，请处理后再申请',
      }),
    );
    const refused = await lastAudit('learner.closure-refuse');
    assert.equal(refused?.actor, registrar.username);
    assert.deepEqual(refused?.after, { status: 'refused', reason: '尚有未完成的退款，请处理后再申请' });
    const seen = dataOf(await authed(server, token, 'GET', '/v1/account_closure')) as MyClosure;
    assert.equal(seen.request?.status_text, '未同意');
    assert.equal(seen.request?.refuse_reason, '尚有未完成的退款，请处理后再申请');
    assertRefused(
      await authed(server, registrar.token, 'POST', '/v1/admin/closures/approve', { id: row.id }),
      409,
      M.closureNotPending,
    );

    // Withdrawn, then asked again and approved.
    dataOf(await authed(server, token, 'POST', '/v1/account_closure', { reason: '' }));
    const withdrawn = dataOf(await authed(server, token, 'POST', '/v1/account_closure/withdraw')) as MyClosure;
    assert.equal(withdrawn.request?.status, 'withdrawn');
    const again = dataOf(await authed(server, token, 'POST', '/v1/account_closure', { reason: '退休' })) as MyClosure;
    const ordersBefore = await server.db.select().from(orders).where(eq(orders.learnerId, learnerId));
    await server.db.insert(facePhotos).values({
      learnerId,
      path: 'faces/closure-test.jpg',
      courseId: null,
      percent: null,
      createdAt: server.clock.now(),
    });
    fs.mkdirSync(path.join(mediaDir, 'faces'), { recursive: true });
    fs.writeFileSync(path.join(mediaDir, 'faces/closure-test.jpg'), 'jpeg');
    dataOf(await authed(server, registrar.token, 'POST', '/v1/admin/closures/approve', { id: again.request!.id }));

    const approved = await lastAudit('learner.closure-approve');
    assert.equal(approved?.target, ZHANG.idNumber);
    assert.ok(!JSON.stringify(approved).includes(ZHANG.phone), 'the audit does not keep the deleted phone');
    const [closed] = await server.db.select().from(learners).where(eq(learners.id, learnerId));
    assert.ok(closed!.closedAt);
    assert.equal(closed!.phone, `closed:${learnerId}`);
    assert.equal(closed!.name, ZHANG.name, 'the name stays with the records');
    assert.equal(closed!.idNumber, ZHANG.idNumber);
    assert.equal(closed!.email, '');
    assert.equal(closed!.company, '');
    assert.equal(closed!.avatarPath, null);
    assert.equal((await server.db.select().from(facePhotos).where(eq(facePhotos.learnerId, learnerId))).length, 0);
    assert.equal(fs.existsSync(path.join(mediaDir, 'faces/closure-test.jpg')), false, 'the photo file is deleted');
    assert.equal(
      (await server.db.select().from(orders).where(eq(orders.learnerId, learnerId))).length,
      ordersBefore.length,
      'orders are kept',
    );
    // Logged out everywhere, and no way back in: neither by phone nor by ID number.
    assert.equal((await authed(server, token, 'GET', '/v1/userinfo')).status, 401);
    assertRefused(await passwordLogin(server, ZHANG.phone, ZHANG.password), 400, MESSAGES.wrongCredentials);
    assertRefused(await passwordLogin(server, ZHANG.idNumber, ZHANG.password), 400, MESSAGES.wrongCredentials);
    // The phone is free for someone else; the list shows the account closed with no phone.
    const { list } = dataOf(
      await authed(server, registrar.token, 'GET', '/v1/admin/learners', { id_number: ZHANG.idNumber }),
    ) as { list: { phone: string; closed: boolean }[] };
    assert.deepEqual([list[0]!.phone, list[0]!.closed], ['', true]);
    const [stillOpen] = await server.db
      .select({ id: learners.id })
      .from(learners)
      .where(and(eq(learners.phone, ZHANG.phone), isNull(learners.closedAt)));
    assert.equal(stillOpen, undefined);
  });

  test('bad input changes nothing: another learner’s request, an unknown id, wrong types', async () => {
    const registrar = as('学员管理');
    for (const [pathName, payload, status] of [
      ['/v1/admin/closures/approve', { id: 999_999 }, 404],
      ['/v1/admin/closures/approve', { id: 'x' }, 400],
      ['/v1/admin/closures/refuse', { id: 999_999, reason: '无' }, 404],
      ['/v1/admin/closures/refuse', { id: 1, reason: 'x'.repeat(201) }, 400],
    ] as const)
      assert.equal((await authed(server, registrar.token, 'POST', pathName, payload)).status, status, pathName);
    const token = await loginToken(server, ZHAO.phone, ZHAO.password);
    assertRefused(await authed(server, token, 'POST', '/v1/account_closure/withdraw'), 409, M.closureNothingToWithdraw);
    assert.equal((await authed(server, token, 'POST', '/v1/account_closure', { reason: 'x'.repeat(201) })).status, 400);
    assert.deepEqual(dataOf(await authed(server, token, 'GET', '/v1/account_closure')), { request: null });
  });
});
