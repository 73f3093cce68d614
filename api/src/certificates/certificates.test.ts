import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { CERTIFICATE_MESSAGES as M, CERTIFICATE_NO_PATTERN } from '@yaoshi/contracts/certificate-rules';
import type {
  CertificatePdf,
  CertificateRow,
  CertificateStatus,
  CertificateVerification,
} from '@yaoshi/contracts/certificates';
import { ARCHIVE_REVIEW_MESSAGES } from '@yaoshi/contracts/archive-reviews';
import { learners } from '../accounts/accounts-schema';
import { auditRecords } from '../audit/audit-schema';
import { beijingYearOf } from '@yaoshi/contracts/beijing-time';
import { siteSettings } from '../content/content-schema';
import { LIU, WANG, assertRefused, authed, dataOf, loginToken } from '../test-support/learner-session';
import { MESSAGES } from '../messages';
import { IP_LIMITS } from '../rate-limits/rate-limits';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { startTestServer, TEST_START, type TestServer } from '../test-support/test-server';
import { creditCertificates } from './certificates-schema';

const PUBLIC_BASE_URL = 'https://xuexi.example.org';
const YEAR = beijingYearOf(TEST_START);

let server: TestServer;
let liuToken: string;
let wangToken: string;
let registrar: TestStaff;
let finance: TestStaff;
let siteName: string;

before(async () => {
  server = await startTestServer({ config: { publicBaseUrl: PUBLIC_BASE_URL } });
  liuToken = await loginToken(server, LIU.phone, LIU.password);
  wangToken = await loginToken(server, WANG.phone, WANG.password);
  registrar = await signedInStaff(server, ['学员管理']);
  finance = await signedInStaff(server, ['财务']);
  const [site] = await server.db.select({ name: siteSettings.siteName }).from(siteSettings);
  siteName = site!.name;
});
after(() => server.close());

const status = async (token: string, year = YEAR) =>
  dataOf(await authed(server, token, 'GET', '/v1/certificate_status', { year })) as CertificateStatus;
const download = (token: string, year = YEAR) => authed(server, token, 'GET', '/v1/certificate_pdf', { year });
const verify = (no: string) => server.call({ method: 'GET', path: '/v1/certificate_verify', payload: { no } });

function pdfText(pdf: CertificatePdf): string {
  const file = path.join(os.tmpdir(), `certificate-${process.pid}.pdf`);
  fs.writeFileSync(file, Buffer.from(pdf.pdf_base64, 'base64'));
  try {
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file);
  }
}

test('a year not complete offers no certificate and issues none', async () => {
  // 王芳's demo year has courses at 0 % and in progress.
  assert.deepEqual(await status(wangToken), {
    year: YEAR,
    available: 0,
    certificate_no: null,
    revoked: 0,
    review: null,
    review_due_on: null,
    review_reason: null,
  });
  assertRefused(await download(wangToken), 403, M.notComplete);
  const rows = await server.db.select().from(creditCertificates);
  assert.equal(rows.length, 0);
});

test('a complete year waits for the archive review; once passed, one certificate, the same number on every download', async () => {
  const waiting = await status(liuToken);
  assert.equal(waiting.available, 0);
  assert.equal(waiting.review, 'pending');
  assert.match(waiting.review_due_on ?? '', /^\d{4}-\d{2}-\d{2}$/);
  assertRefused(await download(liuToken), 403, ARCHIVE_REVIEW_MESSAGES.certificateAwaitsReview);
  assert.equal((await server.db.select().from(creditCertificates)).length, 0);

  const [liu] = await server.db.select({ id: learners.id }).from(learners).where(eq(learners.idNumber, LIU.idNumber));
  const passed = await authed(server, registrar.token, 'POST', '/v1/admin/archive_reviews/decide', {
    year: YEAR,
    learner_ids: [liu!.id],
    decision: 'pass',
  });
  assert.deepEqual(dataOf(passed), { decided: 1 });
  assert.deepEqual(await status(liuToken), {
    year: YEAR,
    available: 1,
    certificate_no: null,
    revoked: 0,
    review: 'passed',
    review_due_on: null,
    review_reason: null,
  });
  const [first, second] = await Promise.all([download(liuToken), download(liuToken)]);
  const a = dataOf(first) as CertificatePdf;
  const b = dataOf(second) as CertificatePdf;
  assert.match(a.certificate_no, CERTIFICATE_NO_PATTERN);
  assert.equal(b.certificate_no, a.certificate_no);
  const third = dataOf(await download(liuToken)) as CertificatePdf;
  assert.equal(third.certificate_no, a.certificate_no);
  assert.equal((await status(liuToken)).certificate_no, a.certificate_no);
  assert.equal((await server.db.select().from(creditCertificates).where(eq(creditCertificates.year, YEAR))).length, 1);

  // The QR's address is the configured site address, whatever Host the request came with.
  assert.equal(a.verify_url, `${PUBLIC_BASE_URL}/verify?no=${a.certificate_no}`);
  assert.equal(a.file_name, `学时证明-${YEAR}-${a.certificate_no}.pdf`);
  const text = pdfText(a);
  for (const expected of [
    '学时证明',
    LIU.name,
    '320104********0037',
    `${YEAR}年度`,
    '合计：90.0学时',
    '专业课：60.0学时',
    '公需课：30.0学时',
    siteName,
    a.certificate_no,
    a.verify_url,
  ])
    assert.ok(text.includes(expected), `${expected} in:\n${text}`);
  assert.ok(!text.includes(LIU.idNumber), 'the full ID number is not printed');
  assert.ok(!text.includes(LIU.phone));
});

test('the public verification: genuine with the masked name only, unknown numbers, malformed numbers refused', async () => {
  const { certificate_no } = await status(liuToken);
  assert.ok(certificate_no);
  const genuine = dataOf(await verify(certificate_no)) as CertificateVerification;
  assert.deepEqual(genuine, {
    certificate_no,
    verdict: 'genuine',
    name_masked: '刘*',
    year: YEAR,
    class_hour: 90,
    issuer: siteName,
    issued_on: genuine.issued_on,
    revoked_on: null,
  });
  assert.match(genuine.issued_on ?? '', /^\d{4}-\d{2}-\d{2}$/);
  const raw = JSON.stringify(genuine);
  for (const personal of [LIU.name, LIU.idNumber, LIU.phone, '0037', '320104'])
    assert.ok(!raw.includes(personal), `${personal} not disclosed`);

  // Lower case is the same number; an unknown well-formed number is simply unknown.
  assert.equal((dataOf(await verify(certificate_no.toLowerCase())) as CertificateVerification).verdict, 'genuine');
  const unknown = dataOf(await verify(`XS${YEAR}0000000000`)) as CertificateVerification;
  assert.equal(unknown.verdict, 'unknown');
  assert.equal(unknown.name_masked, null);
  for (const junk of ['', 'XS', '1 OR 1=1', `XS${YEAR}ILOU000000`, 'x'.repeat(500)])
    assert.equal((await verify(junk)).status, 400, junk);
});

test('one address may check 30 certificates a minute; more are refused until the minute is over', async () => {
  server.clock.advance(60_000 - (server.clock.nowMs() % 60_000));
  for (let i = 0; i < IP_LIMITS.certificateVerify.max; i += 1)
    assert.equal((await verify(`XS${YEAR}0000000000`)).status, 200);
  const refused = await verify(`XS${YEAR}0000000000`);
  assertRefused(refused, 429, MESSAGES.certificateVerifyIpLimit(1));
  assert.ok(Number(refused.headers.get('retry-after')) <= 60);
  server.clock.advance(60_000);
  assert.equal((await verify(`XS${YEAR}0000000000`)).status, 200);
});

test('bad input answers 4xx', async () => {
  for (const payload of [{}, { year: 'abc' }, { year: 1900 }, { year: YEAR, extra: 1 }])
    assert.equal((await authed(server, liuToken, 'GET', '/v1/certificate_pdf', payload)).status, 400);
  assert.equal((await download(liuToken, 2099)).status, 404);
  assert.equal(
    (await server.call({ method: 'GET', path: '/v1/certificate_pdf', payload: { year: YEAR } })).status,
    401,
  );
  for (const payload of [
    {},
    { certificate_no: 'nope', reason: '重复发放' },
    { certificate_no: `XS${YEAR}0000000000` },
    { certificate_no: `XS${YEAR}0000000000`, reason: '短' },
    { certificate_no: `XS${YEAR}0000000000`, reason: '长'.repeat(201) },
  ])
    assert.equal(
      (await authed(server, registrar.token, 'POST', '/v1/admin/certificates/revoke', payload)).status,
      400,
      JSON.stringify(payload),
    );
  assert.equal((await authed(server, registrar.token, 'GET', '/v1/admin/certificates', {})).status, 400);
  assertRefused(
    await authed(server, registrar.token, 'POST', '/v1/admin/certificates/revoke', {
      certificate_no: `XS${YEAR}0000000000`,
      reason: '核查不实',
    }),
    404,
    M.notFound,
  );
});

test('revoking: refused without learners.write, audited, then the page says revoked and the PDF is withheld', async () => {
  const { certificate_no } = await status(liuToken);
  assert.ok(certificate_no);
  const found = dataOf(
    await authed(server, finance.token, 'GET', '/v1/admin/certificates', { learner: LIU.phone }),
  ) as { list: CertificateRow[] };
  assert.deepEqual(
    found.list.map((row) => row.certificate_no),
    [certificate_no],
  );
  const byNumber = dataOf(
    await authed(server, registrar.token, 'GET', '/v1/admin/certificates', { certificate_no }),
  ) as { list: CertificateRow[] };
  assert.equal(byNumber.list[0]?.learner_name, LIU.name);
  assert.equal(byNumber.list[0]?.id_number_masked, '320104********0037');

  const reason = '学习档案审核不通过';
  const refused = await authed(server, finance.token, 'POST', '/v1/admin/certificates/revoke', {
    certificate_no,
    reason,
  });
  assert.equal(refused.status, 403);
  assert.equal((dataOf(await verify(certificate_no)) as CertificateVerification).verdict, 'genuine');

  const revoked = dataOf(
    await authed(server, registrar.token, 'POST', '/v1/admin/certificates/revoke', { certificate_no, reason }),
  ) as CertificateRow;
  assert.equal(revoked.revoked_reason, reason);
  assert.equal(revoked.revoked_by, registrar.username);
  const records = await server.db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.action, 'certificate.revoke'), eq(auditRecords.target, certificate_no)));
  assert.equal(records.length, 1);
  assert.equal(records[0]?.actor, registrar.username);

  assertRefused(
    await authed(server, registrar.token, 'POST', '/v1/admin/certificates/revoke', { certificate_no, reason }),
    409,
    M.alreadyRevoked,
  );
  const page = dataOf(await verify(certificate_no)) as CertificateVerification;
  assert.equal(page.verdict, 'revoked');
  assert.equal(page.name_masked, '刘*');
  assert.match(page.revoked_on ?? '', /^\d{4}-\d{2}-\d{2}$/);
  assert.ok(!JSON.stringify(page).includes(reason), 'the reason stays in the console');
  assert.deepEqual(await status(liuToken), {
    year: YEAR,
    available: 0,
    certificate_no,
    revoked: 1,
    review: 'passed',
    review_due_on: null,
    review_reason: null,
  });
  assertRefused(await download(liuToken), 403, M.revoked);
});
