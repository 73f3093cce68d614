import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { AVATAR_STATUS_VALUES } from '@yaoshi/contracts/profile-rules';
import { idNumberCheckCharacter } from '@yaoshi/contracts/identity-rules';
import {
  learnerDetailSchema,
  learnerListResponseSchema,
  type LearnerListResponse,
} from '@yaoshi/contracts/learner-admin';
import { learners } from '../accounts/accounts-schema';
import { courses } from '../catalogue/catalogue-schema';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { enrolments } from '../orders/orders-schema';
import { courseProgress, studyReports } from '../study/study-schema';
import { MESSAGES } from '../messages';
import { startTestServer, type TestServer } from '../test-support/test-server';
import {
  LI,
  WANG,
  ZHANG,
  assertRefused,
  authed,
  dataOf,
  envelopeOf,
  loginToken,
  passwordLogin,
} from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { maskPersonalIdNumber } from '@yaoshi/contracts/personal-data-rules';

let server: TestServer;
let registrar: TestStaff;

before(async () => {
  server = await startTestServer();
  registrar = await signedInStaff(server, ['学员管理']);
});
after(() => server.close());

async function list(payload: Record<string, unknown>): Promise<LearnerListResponse> {
  return learnerListResponseSchema.parse(
    dataOf(await authed(server, registrar.token, 'GET', '/v1/admin/learners', payload)),
  );
}

test('GET /v1/admin/learners pages in the database and counts the whole match', async () => {
  const all = await list({ page: 1, size: 100 });
  assert.ok(all.total >= 3);
  const first = await list({ page: 1, size: 2 });
  const second = await list({ page: 2, size: 2 });
  assert.equal(first.total, all.total);
  assert.equal(first.list.length, 2);
  assert.deepEqual(
    [...first.list, ...second.list].map((row) => row.id),
    all.list.slice(0, first.list.length + second.list.length).map((row) => row.id),
  );
});

test('keyword finds by name, ID number or phone; filters narrow; sorting orders', async () => {
  assert.deepEqual(
    // Masked for every role, 学员管理 included (docs/security.md); it reveals one value at a time.
    (await list({ keyword: ZHANG.name })).list.map((row) => row.id_number),
    [maskPersonalIdNumber(ZHANG.idNumber)],
  );
  assert.deepEqual(
    (await list({ keyword: LI.phone.slice(-6) })).list.map((row) => row.name),
    [LI.name],
  );
  assert.deepEqual(
    (await list({ id_number: WANG.idNumber })).list.map((row) => row.name),
    [WANG.name],
  );
  const nanjing = await list({ company: '南京' });
  assert.ok(nanjing.list.length >= 1 && nanjing.list.every((row) => row.company.includes('南京')));
  const jiangsu = await list({ region: '320000' });
  assert.ok(jiangsu.list.every((row) => row.region.startsWith('江苏')));
  assert.equal((await list({ locked: true })).total, 0);
  assert.equal((await list({ keyword: '%' })).total, 0, 'a % typed is literal');
  const byIdNumber = (await list({ sort: 'id_number', order: 'asc', size: 100 })).list.map((row) => row.id);
  const inOrder = (await server.db.select({ id: learners.id, idNumber: learners.idNumber }).from(learners))
    .sort((a, b) => a.idNumber.localeCompare(b.idNumber))
    .map((row) => row.id);
  assert.deepEqual(byIdNumber, inOrder);
});

test('filters by face status (avatar_status), phone and name match the database, each on its own field', async () => {
  const everyone = await server.db.select().from(learners);
  assert.ok(everyone.length <= 100, 'one page holds every learner');
  const statuses = new Set(everyone.map((row) => row.avatarStatus));
  assert.ok(statuses.size >= 2, 'the demo has learners in more than one face status');
  for (const status of AVATAR_STATUS_VALUES) {
    const shown = await list({ avatar_status: status, size: 100 });
    const expected = everyone.filter((row) => row.avatarStatus === status).map((row) => row.id);
    assert.deepEqual(shown.list.map((row) => row.id).sort(), expected.sort(), `avatar_status ${status}`);
    assert.ok(shown.list.every((row) => row.avatar_status === status));
  }
  const digits = LI.phone.slice(3, 8);
  const byPhone = await list({ phone: digits, size: 100 });
  assert.deepEqual(
    byPhone.list.map((row) => row.id).sort(),
    everyone
      .filter((row) => row.phone.includes(digits))
      .map((row) => row.id)
      .sort(),
  );
  assert.ok(byPhone.list.some((row) => row.name === LI.name));
  const part = ZHANG.name.slice(1, 3);
  const byName = await list({ name: part, size: 100 });
  assert.ok(byName.list.length >= 1 && byName.list.every((row) => row.name.includes(part)));
  assert.ok(byName.list.some((row) => row.id_number === maskPersonalIdNumber(ZHANG.idNumber)));
  // The name filter looks at names only, the phone filter at phones only.
  assert.equal((await list({ name: ZHANG.phone })).total, 0);
  assert.equal((await list({ phone: ZHANG.name })).total, 0);
});

test('sorting by name and by created date, both directions, as the database orders them (ties by id)', async () => {
  // Made last, named to sort first: the name order and the creation order differ.
  server.clock.advance(60_000);
  const body = `11010519900307${'081'}`;
  dataOf(
    await authed(server, registrar.token, 'POST', '/v1/admin/learners/create', {
      name: '一排序学员',
      idcard: `${body}${idNumberCheckCharacter(body)}`,
      phone: '13600006666',
      certification_type: 1,
    }),
  );
  const ids = async (sort: string, order: string) => (await list({ sort, order, size: 100 })).list.map((row) => row.id);
  const byNameAsc = await ids('name', 'asc');
  const nameOrder = await server.db
    .select({ id: learners.id })
    .from(learners)
    .orderBy(asc(learners.name), asc(learners.id));
  assert.deepEqual(
    byNameAsc,
    nameOrder.map((row) => row.id),
  );
  assert.deepEqual(await ids('name', 'desc'), [...byNameAsc].reverse());

  const createdAsc = await ids('created_at', 'asc');
  const createdOrder = await server.db
    .select({ id: learners.id })
    .from(learners)
    .orderBy(asc(learners.createdAt), asc(learners.id));
  assert.deepEqual(
    createdAsc,
    createdOrder.map((row) => row.id),
  );
  assert.deepEqual(await ids('created_at', 'desc'), [...createdAsc].reverse());
  // Newest first unless asked otherwise.
  assert.deepEqual(
    (await list({ size: 100 })).list.map((row) => row.id),
    [...createdAsc].reverse(),
  );
  assert.notDeepEqual(byNameAsc, createdAsc);
});

test('bad filters are a 400 and change nothing', async () => {
  const response = await authed(server, registrar.token, 'GET', '/v1/admin/learners', { size: 1000 });
  assert.equal(response.status, 400);
  const bad = await authed(server, registrar.token, 'GET', '/v1/admin/learners', { sort: 'password_hash' });
  assert.equal(bad.status, 400);
});

const NEW = {
  name: '赵新学员',
  idcard: '110105199003070025',
  phone: '13600007777',
  certification_type: 1,
  company: '北京市药店',
};

async function post(path: string, payload: Record<string, unknown>) {
  return authed(server, registrar.token, 'POST', path, payload);
}

test('create one learner: checked by the profile rules, refused twice, logs in with the initial password', async () => {
  assertRefused(
    await post('/v1/admin/learners/create', { ...NEW, idcard: '110105199003070020' }),
    400,
    '请输入正确的身份证号',
  );
  assertRefused(
    await post('/v1/admin/learners/create', { ...NEW, company: 'ABC Pharmacy' }),
    400,
    '工作单位只能为中文',
  );
  const created = dataOf(await post('/v1/admin/learners/create', NEW)) as { id: number; initial_password: string };
  assert.equal(created.initial_password, '070025');
  assertRefused(
    await post('/v1/admin/learners/create', { ...NEW, phone: '13600007778' }),
    409,
    MESSAGES.learnerIdNumberTaken,
  );
  assertRefused(
    await post('/v1/admin/learners/create', { ...NEW, idcard: '110105199003070033', phone: ZHANG.phone }),
    409,
    MESSAGES.learnerPhoneTaken,
  );
  await loginToken(server, NEW.idcard, created.initial_password);
});

test('reset password: old one refused, the temporary one must be changed; unlock; disable ends sessions and refuses login; end sessions', async () => {
  const [row] = await server.db.select().from(learners).where(eq(learners.idNumber, NEW.idcard));
  const id = row!.id;
  const oldSession = await loginToken(server, NEW.idcard, '070025');
  const { password } = dataOf(await post('/v1/admin/learners/reset-password', { id })) as { password: string };
  assertRefused(await authed(server, oldSession, 'GET', '/v1/userinfo'), 401, MESSAGES.loginRequired);
  assertRefused(await passwordLogin(server, NEW.idcard, '070025'), 400, MESSAGES.wrongCredentials);
  const login = dataOf(await passwordLogin(server, NEW.idcard, password)) as {
    token: string;
    must_change_password?: boolean;
  };
  assert.equal(login.must_change_password, true);
  dataOf(
    await authed(server, login.token, 'POST', '/v1/password', { newpasswd: 'newpass1', confirmpasswd: 'newpass1' }),
  );
  assert.equal(
    (dataOf(await passwordLogin(server, NEW.idcard, 'newpass1')) as { must_change_password?: boolean })
      .must_change_password,
    undefined,
  );

  for (let i = 0; i < 5; i += 1) await passwordLogin(server, NEW.idcard, 'wrong-one');
  assert.equal(envelopeOf(await passwordLogin(server, NEW.idcard, 'newpass1')).code, 429);
  assert.equal((await list({ locked: true })).total, 1);
  dataOf(await post('/v1/admin/learners/unlock', { id }));
  const token = await loginToken(server, NEW.idcard, 'newpass1');

  dataOf(await post('/v1/admin/learners/set-disabled', { id, disabled: true }));
  assertRefused(await authed(server, token, 'GET', '/v1/userinfo'), 401, MESSAGES.loginRequired);
  assertRefused(await passwordLogin(server, NEW.idcard, 'newpass1'), 403, MESSAGES.learnerDisabled);
  dataOf(await post('/v1/admin/learners/set-disabled', { id, disabled: false }));
  const again = await loginToken(server, NEW.idcard, 'newpass1');
  assert.deepEqual(dataOf(await post('/v1/admin/learners/end-sessions', { id })), { ended: 1 });
  assertRefused(await authed(server, again, 'GET', '/v1/userinfo'), 401, MESSAGES.loginRequired);
  assertRefused(await post('/v1/admin/learners/unlock', { id: 999_999 }), 404, MESSAGES.learnerNotFound);
});

test("a learner's page: profile, enrolments per year with hours, orders, exams, face photos", async () => {
  const [wang] = await server.db.select().from(learners).where(eq(learners.idNumber, WANG.idNumber));
  const detail = learnerDetailSchema.parse(
    dataOf(await authed(server, registrar.token, 'GET', '/v1/admin/learners/detail', { id: wang!.id })),
  );
  assert.equal(detail.profile['idcard'], maskPersonalIdNumber(WANG.idNumber));
  assert.ok(detail.years.length >= 1 && detail.years[0]!.hours_enrolled > 0);
  assert.ok(detail.orders.length >= 16);
  assert.ok(detail.exams.some((paper) => paper.right === 15));
  assert.ok(detail.face_photos.some((photo) => photo.state === 'approved'));
});

test("a learner's page: progress per course, hours completed per year, and the integrity refusals with their reason", async () => {
  const [wang] = await server.db.select().from(learners).where(eq(learners.idNumber, WANG.idNumber));
  const learnerId = wang!.id;
  const live = await server.db
    .select({ year: enrolments.year, courseId: courses.id, hourTenths: courses.classHourTenths })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(and(eq(enrolments.learnerId, learnerId), isNull(enrolments.withdrawnAt)));
  const year = live[0]!.year;
  const [done, halfway] = live.filter((row) => row.year === year);
  assert.ok(done && halfway, 'two live enrolments in one year');
  server.clock.advance(60_000);
  const now = server.clock.now();
  for (const [courseId, progress] of [
    [done.courseId, 100],
    [halfway.courseId, 40],
  ] as const) {
    const values = {
      progress,
      completedAt: progress === 100 ? now : null,
      verifiedSeconds: progress * 10,
      updatedAt: now,
    };
    await server.db
      .insert(courseProgress)
      .values({ learnerId, courseId, ...values })
      .onConflictDoUpdate({ target: [courseProgress.learnerId, courseProgress.courseId], set: values });
  }
  // One report refused as too fast (the newest), one accepted: only the refusal is listed.
  await server.db.insert(studyReports).values([
    { learnerId, courseId: halfway.courseId, receivedAt: now, claimedSeconds: 1800, outcome: 'too_fast' },
    { learnerId, courseId: halfway.courseId, receivedAt: now, claimedSeconds: 400, outcome: 'accepted' },
  ]);

  const detail = learnerDetailSchema.parse(
    dataOf(await authed(server, registrar.token, 'GET', '/v1/admin/learners/detail', { id: learnerId })),
  );
  const shown = detail.years.find((row) => row.year === year)!;
  const course = (id: number) => shown.courses.find((row) => row.course_id === id)!;
  assert.deepEqual([course(done.courseId).progress, course(done.courseId).completed], [100, true]);
  assert.deepEqual([course(halfway.courseId).progress, course(halfway.courseId).completed], [40, false]);
  // Hours completed: the year's live courses whose progress is complete, from the database.
  const completed = await server.db
    .select({ hourTenths: courses.classHourTenths })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .innerJoin(
      courseProgress,
      and(eq(courseProgress.learnerId, enrolments.learnerId), eq(courseProgress.courseId, enrolments.courseId)),
    )
    .where(
      and(
        eq(enrolments.learnerId, learnerId),
        eq(enrolments.year, year),
        isNull(enrolments.withdrawnAt),
        isNotNull(courseProgress.completedAt),
      ),
    );
  const expectedHours = Math.round(completed.reduce((sum, row) => sum + row.hourTenths, 0)) / 10;
  assert.ok(expectedHours >= done.hourTenths / 10);
  assert.equal(shown.hours_completed, expectedHours);
  assert.equal(
    shown.hours_enrolled,
    Math.round(live.filter((row) => row.year === year).reduce((sum, row) => sum + row.hourTenths, 0)) / 10,
  );
  assert.deepEqual(detail.refusals[0], {
    time: formatBeijingTime(now),
    course_id: halfway.courseId,
    claimed_seconds: 1800,
    outcome: 'too_fast',
  });
  assert.ok(detail.refusals.every((refusal) => refusal.outcome !== 'accepted'));
});
