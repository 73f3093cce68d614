import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { ARCHIVE_REVIEW_MESSAGES as M, type ArchiveReviewList } from '@yaoshi/contracts/archive-reviews';
import type { CertificatePdf, CertificateStatus } from '@yaoshi/contracts/certificates';
import { learners } from '../accounts/accounts-schema';
import { auditRecords } from '../audit/audit-schema';
import { beijingYearOf } from '@yaoshi/contracts/beijing-time';
import { LIU, WANG, assertRefused, authed, dataOf, loginToken } from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { startTestServer, TEST_START, type TestServer } from '../test-support/test-server';
import { archiveReviews } from '../certificates/archive-reviews-schema';

/**
 * 档案审核: 刘洋 completed the demo year and waits (陈静's review is passed in the demo); 王芳 did not. The review decides whether
 * the 学时证明 can be downloaded; every decision is audited.
 */

const YEAR = beijingYearOf(TEST_START);

let server: TestServer;
let liuToken: string;
let registrar: TestStaff;
let finance: TestStaff;
let liuId: number;
let wangId: number;

before(async () => {
  server = await startTestServer();
  liuToken = await loginToken(server, LIU.phone, LIU.password);
  registrar = await signedInStaff(server, ['学员管理']);
  finance = await signedInStaff(server, ['财务']);
  const idOf = async (idNumber: string) =>
    (await server.db.select({ id: learners.id }).from(learners).where(eq(learners.idNumber, idNumber)))[0]!.id;
  liuId = await idOf(LIU.idNumber);
  wangId = await idOf(WANG.idNumber);
});
after(() => server.close());

const list = async (payload: Record<string, unknown> = {}) =>
  dataOf(await authed(server, registrar.token, 'GET', '/v1/admin/archive_reviews', payload)) as ArchiveReviewList;
const decide = (payload: Record<string, unknown>, token = registrar.token) =>
  authed(server, token, 'POST', '/v1/admin/archive_reviews/decide', payload);
const learnerStatus = async () =>
  dataOf(await authed(server, liuToken, 'GET', '/v1/certificate_status', { year: YEAR })) as CertificateStatus;
const auditsOf = (action: 'archive.pass' | 'archive.reject') =>
  server.db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.action, action), eq(auditRecords.target, LIU.idNumber)));

test('the year’s completers wait in the list, with their hours and the due day; others are not in it', async () => {
  const pending = await list({ year: YEAR, status: 'pending' });
  assert.equal(pending.year, YEAR);
  assert.ok(pending.years.includes(YEAR));
  const liu = pending.list.find((row) => row.learner_id === liuId);
  assert.ok(liu, '刘洋 waits for review');
  assert.equal(liu.status, 'pending');
  assert.equal(liu.hours_completed, 90);
  assert.match(liu.review_due_on, /^\d{4}-\d{2}-\d{2}$/);
  assert.ok(liu.review_due_on > liu.completed_on);
  assert.equal(liu.reviewed_by, null);
  assert.ok(!pending.list.some((row) => row.learner_id === wangId), '王芳 has not completed');
  assert.equal(pending.counts.pending, pending.total);
  assert.equal(pending.counts.passed, 1, '陈静’s, passed in the demo data');

  // The learner's own page says the review is pending, and until when.
  const status = await learnerStatus();
  assert.equal(status.review, 'pending');
  assert.equal(status.review_due_on, liu.review_due_on);
  assert.equal(status.available, 0);

  // By name or ID number, exactly; the newest year without one.
  assert.deepEqual(
    (await list({ learner: LIU.name })).list.map((row) => row.learner_id),
    [liuId],
  );
  assert.equal((await list({ learner: LIU.idNumber.toLowerCase() })).total, 1);
  assert.equal((await list({ learner: '无此人' })).total, 0);
});

test('bad input, other permissions and learners who did not complete change nothing', async () => {
  for (const payload of [
    {},
    { year: YEAR, learner_ids: [], decision: 'pass' },
    { year: YEAR, learner_ids: [liuId], decision: 'maybe' },
    { year: YEAR, learner_ids: ['1'], decision: 'pass' },
    { year: YEAR, learner_ids: [liuId], decision: 'reject' },
    { year: YEAR, learner_ids: [liuId], decision: 'reject', reason: '短' },
    { year: YEAR, learner_ids: [liuId], decision: 'reject', reason: '长'.repeat(201) },
    { year: YEAR, learner_ids: Array.from({ length: 101 }, (_, index) => index + 1), decision: 'pass' },
    { year: YEAR, learner_ids: [liuId], decision: 'pass', extra: 1 },
  ])
    assert.equal((await decide(payload)).status, 400, JSON.stringify(payload));
  assertRefused(
    await decide({ year: YEAR, learner_ids: [liuId], decision: 'reject', reason: ' 短 ' }),
    400,
    M.reasonLength,
  );
  assert.equal((await decide({ year: YEAR, learner_ids: [liuId], decision: 'pass' }, finance.token)).status, 403);
  assert.equal((await authed(server, finance.token, 'GET', '/v1/admin/archive_reviews', {})).status, 403);
  assertRefused(await decide({ year: YEAR, learner_ids: [liuId, wangId], decision: 'pass' }), 409, M.notCompleted);
  assert.equal((await decide({ year: 2099, learner_ids: [liuId], decision: 'pass' })).status, 404);
  for (const payload of [{ status: 'unknown' }, { year: 'abc' }, { size: 1000 }])
    assert.equal((await authed(server, registrar.token, 'GET', '/v1/admin/archive_reviews', payload)).status, 400);
  assert.equal(
    (await server.db.select().from(archiveReviews).where(eq(archiveReviews.learnerId, liuId))).length,
    0,
    'nothing recorded',
  );
});

test('a failed review gives the learner its reason and no certificate; passing it later lets her download', async () => {
  const reason = '存在他人代学行为';
  assert.deepEqual(
    dataOf(await decide({ year: YEAR, learner_ids: [liuId], decision: 'reject', reason: `  ${reason} ` })),
    { decided: 1 },
  );
  const failed = await learnerStatus();
  assert.equal(failed.review, 'rejected');
  assert.equal(failed.review_reason, reason);
  assert.equal(failed.available, 0);
  assertRefused(
    await authed(server, liuToken, 'GET', '/v1/certificate_pdf', { year: YEAR }),
    403,
    M.certificateAwaitsReview,
  );
  const rejectedRow = (await list({ status: 'rejected' })).list.find((row) => row.learner_id === liuId);
  assert.equal(rejectedRow?.reason, reason);
  assert.equal(rejectedRow?.reviewed_by, registrar.username);
  const [rejectRecord] = await auditsOf('archive.reject');
  assert.equal(rejectRecord?.actor, registrar.username);
  assert.deepEqual(rejectRecord?.before, { status: 'pending', reason: null });
  assert.deepEqual(rejectRecord?.after, { year: YEAR, name: LIU.name, status: 'rejected', reason });

  // An appeal that succeeds: passed, the reason gone, the certificate downloadable.
  assert.deepEqual(dataOf(await decide({ year: YEAR, learner_ids: [liuId, liuId], decision: 'pass' })), {
    decided: 1,
  });
  const passed = await learnerStatus();
  assert.equal(passed.review, 'passed');
  assert.equal(passed.review_reason, null);
  assert.equal(passed.available, 1);
  const [passRecord] = await auditsOf('archive.pass');
  assert.deepEqual(passRecord?.before, { status: 'rejected', reason });
  const counts = (await list({ year: YEAR })).counts;
  assert.equal(counts.passed, 2, '刘洋 and 陈静');
  assert.equal(counts.rejected, 0);

  // Once her certificate is out, failing the review first needs it revoked.
  const pdf = dataOf(await authed(server, liuToken, 'GET', '/v1/certificate_pdf', { year: YEAR })) as CertificatePdf;
  assertRefused(
    await decide({ year: YEAR, learner_ids: [liuId], decision: 'reject', reason }),
    409,
    M.certificateIssued,
  );
  assert.equal((await learnerStatus()).review, 'passed');
  dataOf(
    await authed(server, registrar.token, 'POST', '/v1/admin/certificates/revoke', {
      certificate_no: pdf.certificate_no,
      reason: '学习档案复核不通过',
    }),
  );
  assert.deepEqual(dataOf(await decide({ year: YEAR, learner_ids: [liuId], decision: 'reject', reason })), {
    decided: 1,
  });
  assert.equal((await auditsOf('archive.reject')).length, 2);
});
