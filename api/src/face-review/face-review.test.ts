import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { lessonChecksSchema, type FaceQueueRow } from '@yaoshi/contracts/face-review';
import { learners } from '../accounts/accounts-schema';
import { courses } from '../catalogue/catalogue-schema';
import { facePhotos } from '../face-photos/face-photos-schema';
import { courseProgress } from '../study/study-schema';
import { auditRecords } from '../audit/audit-schema';
import { SHORT_LIVED_URL_MS } from '../media/private-media';
import { REDACTED, redactUrl } from '../logging/logger';
import { MESSAGES } from '../messages';
import { JPEG_BYTES } from '../test-support/image-fixtures';
import {
  LI,
  ZHANG,
  assertRefused,
  authed,
  consentAllToFacePhotos,
  dataOf,
  loginToken,
  passwordLogin,
} from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { maskPersonalIdNumber, maskPhone } from '@yaoshi/contracts/personal-data-rules';
import { startTestServer, type TestServer } from '../test-support/test-server';

let server: TestServer;
let mediaDir: string;
let reviewer: TestStaff;

before(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-media-'));
  server = await startTestServer({ config: { mediaDir } });
  await consentAllToFacePhotos(server);
  reviewer = await signedInStaff(server, ['审核']);
});
after(async () => {
  await server.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const photo = `data:image/jpeg;base64,${JPEG_BYTES.toString('base64')}`;

async function queue(): Promise<FaceQueueRow[]> {
  return (dataOf(await authed(server, reviewer.token, 'GET', '/v1/admin/faces/queue', {})) as { list: FaceQueueRow[] })
    .list;
}

test('a collected photo waits in the queue beside the learner, behind a URL that lives minutes', async () => {
  const token = await loginToken(server, LI.idNumber, LI.password);
  dataOf(await authed(server, token, 'POST', '/v1/avatar', { avatar: photo }));
  const [row] = (await queue()).filter((entry) => entry.name === LI.name);
  assert.ok(row);
  assert.equal(row.name, LI.name);
  // 审核 sees the numbers masked (docs/security.md).
  assert.equal(row.id_number, maskPersonalIdNumber(LI.idNumber));
  assert.equal(row.phone, maskPhone(LI.phone));
  assert.equal(row.previous_url, null);
  const expires = Number(new URL(row.photo_url, 'http://site').searchParams.get('expires'));
  assert.ok(expires * 1000 - server.clock.nowMs() <= SHORT_LIVED_URL_MS + 60_000);
  const image = await server.send(row.photo_url);
  assert.equal(image.status, 200);
  server.clock.advance(SHORT_LIVED_URL_MS + 61_000);
  assert.equal((await server.send(row.photo_url)).status, 403);
  assert.ok(
    !redactUrl(row.photo_url).includes(new URL(row.photo_url, 'http://site').searchParams.get('signature') ?? '?'),
  );
  assert.ok(redactUrl(row.photo_url).includes(REDACTED));
});

test('reject with a reason: the learner is sent back to collect and reads the reason; a second decision is refused', async () => {
  const [row] = (await queue()).filter((entry) => entry.name === LI.name);
  assertRefused(
    await authed(server, reviewer.token, 'POST', '/v1/admin/faces/reject', { photo_id: row!.photo_id, reason: ' ' }),
    400,
    '请填写驳回原因',
  );
  const [before] = await server.db.select({ n: count() }).from(auditRecords);
  dataOf(
    await authed(server, reviewer.token, 'POST', '/v1/admin/faces/reject', {
      photo_id: row!.photo_id,
      reason: '照片模糊，请在光线充足处重新采集',
    }),
  );
  const [afterCount] = await server.db.select({ n: count() }).from(auditRecords);
  assert.equal(Number(afterCount!.n), Number(before!.n) + 1);
  assertRefused(
    await authed(server, reviewer.token, 'POST', '/v1/admin/faces/approve', { photo_id: row!.photo_id }),
    409,
    MESSAGES.facePhotoAlreadyReviewed,
  );
  const login = dataOf(await passwordLogin(server, LI.idNumber, LI.password)) as { token: string; face_init: number };
  assert.equal(login.face_init, 0);
  assert.deepEqual(dataOf(await authed(server, login.token, 'GET', '/v1/face_status')), {
    avatar_status: 3,
    reject_reason: '照片模糊，请在光线充足处重新采集',
  });
  assert.equal((await queue()).filter((entry) => entry.name === LI.name).length, 0);
  const [record] = await server.db.select().from(auditRecords).where(eq(auditRecords.action, 'face.reject'));
  assert.equal(record!.target, LI.idNumber);

  // Collected again: the reason is gone, and approval lets the learner in.
  dataOf(await authed(server, login.token, 'POST', '/v1/avatar', { avatar: photo }));
  assert.deepEqual(dataOf(await authed(server, login.token, 'GET', '/v1/face_status')), {
    avatar_status: 2,
    reject_reason: null,
  });
  const [again] = (await queue()).filter((entry) => entry.name === LI.name);
  dataOf(await authed(server, reviewer.token, 'POST', '/v1/admin/faces/approve', { photo_id: again!.photo_id }));
  assert.equal((dataOf(await passwordLogin(server, LI.idNumber, LI.password)) as { face_init: number }).face_init, 1);
});

test("a lesson's face checks, listed per lesson beside the approved photo; 'mark failed' withdraws the lesson's credit, audited", async () => {
  const [learner] = await server.db.select().from(learners).where(eq(learners.idNumber, ZHANG.idNumber));
  const [course] = await server.db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .orderBy(asc(courses.id))
    .limit(1);
  await server.db
    .insert(courseProgress)
    .values({
      learnerId: learner!.id,
      courseId: course!.id,
      verifiedSeconds: 600,
      progress: 100,
      completedAt: server.clock.now(),
      updatedAt: server.clock.now(),
    })
    .onConflictDoUpdate({
      target: [courseProgress.learnerId, courseProgress.courseId],
      set: { verifiedSeconds: 600, progress: 100, completedAt: server.clock.now() },
    });
  for (const percent of [30, 60])
    await server.db.insert(facePhotos).values({
      learnerId: learner!.id,
      path: `faces/check-${percent}.jpg`,
      courseId: course!.id,
      percent,
      createdAt: server.clock.now(),
    });

  const checks = lessonChecksSchema.parse(
    dataOf(await authed(server, reviewer.token, 'GET', '/v1/admin/faces/lessons', { id_number: ZHANG.idNumber })),
  );
  assert.equal(checks.name, ZHANG.name);
  assert.ok(checks.approved_url, 'the approved photo to compare with');
  const lesson = checks.lessons.find((entry) => entry.course_id === course!.id);
  assert.equal(lesson?.course_name, course!.name);
  assert.equal(lesson?.progress, 100);
  assert.deepEqual(
    lesson?.photos.map((entry) => [entry.percent, entry.state]),
    [
      [30, 'pending'],
      [60, 'pending'],
    ],
  );
  assertRefused(
    await authed(server, reviewer.token, 'POST', '/v1/admin/faces/lessons/fail', {
      learner_id: learner!.id,
      course_id: course!.id,
      reason: ' ',
    }),
    400,
    '请填写驳回原因',
  );

  const before = await server.db.select({ n: count() }).from(auditRecords);
  const failed = dataOf(
    await authed(server, reviewer.token, 'POST', '/v1/admin/faces/lessons/fail', {
      learner_id: learner!.id,
      course_id: course!.id,
      reason: '核验照片与本人不符',
    }),
  );
  assert.deepEqual(failed, { progress_before: 100 });
  const [progress] = await server.db
    .select()
    .from(courseProgress)
    .where(and(eq(courseProgress.learnerId, learner!.id), eq(courseProgress.courseId, course!.id)));
  assert.deepEqual([progress!.progress, progress!.verifiedSeconds, progress!.completedAt], [0, 0, null]);
  const after = lessonChecksSchema.parse(
    dataOf(await authed(server, reviewer.token, 'GET', '/v1/admin/faces/lessons', { id_number: ZHANG.idNumber })),
  );
  const again = after.lessons.find((entry) => entry.course_id === course!.id)!;
  assert.equal(again.progress, 0);
  assert.ok(again.photos.every((entry) => entry.state === 'rejected' && entry.reject_reason === '核验照片与本人不符'));
  const after_ = await server.db.select({ n: count() }).from(auditRecords);
  assert.equal(Number(after_[0]!.n) - Number(before[0]!.n), 1);
  const [record] = await server.db.select().from(auditRecords).orderBy(desc(auditRecords.id)).limit(1);
  assert.equal(record!.action, 'face.lesson-fail');
  assert.equal(record!.target, ZHANG.idNumber);

  assertRefused(
    await authed(server, reviewer.token, 'POST', '/v1/admin/faces/lessons/fail', {
      learner_id: learner!.id,
      course_id: 999_999,
      reason: '不符',
    }),
    404,
    MESSAGES.lessonChecksNotFound,
  );
});
