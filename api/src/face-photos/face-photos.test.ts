import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { avatarResponseSchema } from '@yaoshi/contracts/accounts';
import { AVATAR_MAX_BYTES, AVATAR_STATUS } from '@yaoshi/contracts/profile-rules';
import { parseAdminArgs } from '../admin/admin-args';
import { runAdminCommand } from '../admin/admin-cli';
import { MESSAGES } from '../messages';
import { startTestServer, type TestServer } from '../test-support/test-server';
import {
  LI,
  WANG,
  ZHANG,
  assertRefused,
  authed,
  consentAllToFacePhotos,
  dataOf,
  loginToken,
  passwordLogin,
} from '../test-support/learner-session';
import { JPEG_BYTES, PNG_BYTES } from '../test-support/image-fixtures';
import { idNumberCheckCharacter } from '@yaoshi/contracts/identity-rules';
import { STUDY_MESSAGES } from '@yaoshi/contracts/study-messages';
import { and, eq, isNull, notInArray } from 'drizzle-orm';
import { courses } from '../catalogue/catalogue-schema';
import { enrolments } from '../orders/orders-schema';
import { facePhotos } from './face-photos-schema';
import { learners } from '../accounts/accounts-schema';
import { FACE_UPLOADS_PER_HOUR } from '../rate-limits/rate-limits';
import { reviewLatestFacePhoto } from './face-photos';
import { COMMAND_LINE_ACTOR } from '../audit/audit-log';

const HOUR_MS = 60 * 60 * 1000;

let server: TestServer;
let mediaDir: string;
before(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-media-'));
  server = await startTestServer({ config: { mediaDir } });
  await consentAllToFacePhotos(server);
});
after(async () => {
  await server.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const jpegDataUrl = `data:image/jpeg;base64,${JPEG_BYTES.toString('base64')}`;

async function faceInitOf(account: { phone: string; password: string }): Promise<number> {
  return (dataOf(await passwordLogin(server, account.phone, account.password)) as { face_init: number }).face_init;
}

async function avatarStatusOf(token: string): Promise<number> {
  return (dataOf(await authed(server, token, 'GET', '/v1/profile')) as { avatar_status: number }).avatar_status;
}

async function zhangId(): Promise<number> {
  const [row] = await server.db.select({ id: learners.id }).from(learners).where(eq(learners.idNumber, ZHANG.idNumber));
  return row!.id;
}

/** A professional course 张晓明 is enrolled in (the demo data gives him none: one is added). */
async function zhangsCourse(): Promise<number> {
  const learnerId = await zhangId();
  const [enrolled] = await server.db
    .select({ id: enrolments.courseId })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(and(eq(enrolments.learnerId, learnerId), isNull(enrolments.withdrawnAt), eq(courses.kind, 'professional')))
    .limit(1);
  if (enrolled) return enrolled.id;
  const [course] = await server.db
    .select({ id: courses.id, year: courses.year })
    .from(courses)
    .where(eq(courses.kind, 'professional'))
    .limit(1);
  assert.ok(course);
  await server.db
    .insert(enrolments)
    .values({ learnerId, courseId: course.id, year: course.year, createdAt: server.clock.now() });
  return course.id;
}

describe('POST /v1/avatar', () => {
  test('a first face photo is stored for review; face_init becomes 1, avatar_status 1 only after approval', async () => {
    assert.equal(await faceInitOf(LI), 0);
    const token = await loginToken(server, LI.phone, LI.password);
    const uploaded = avatarResponseSchema.parse(
      dataOf(await authed(server, token, 'POST', '/v1/avatar', { avatar: jpegDataUrl, course_id: 0 })),
    );
    assert.equal(uploaded.avatar_status, AVATAR_STATUS.underReview);
    assert.equal(uploaded.face_init, 1);
    assert.match(uploaded.avatar, /^\/media\/faces\/[0-9a-f]{32}\.jpg\?expires=\d+&signature=[\w-]+$/);
    const file = path.join(mediaDir, new URL(uploaded.avatar, 'http://site').pathname.slice('/media/'.length));
    assert.deepEqual(fs.readFileSync(file), JPEG_BYTES);
    const served = await server.send(uploaded.avatar);
    assert.equal(served.status, 200);
    assert.match(served.headers.get('cache-control') ?? '', /^private, max-age=\d+$/);

    assert.deepEqual(dataOf(await authed(server, token, 'GET', '/v1/userinfo')), {
      name: '李华',
      avatar: uploaded.avatar,
    });
    assert.equal(await faceInitOf(LI), 1);
    assert.equal(await avatarStatusOf(token), AVATAR_STATUS.underReview);

    assert.equal(
      await reviewLatestFacePhoto(server.db, server.clock, COMMAND_LINE_ACTOR, LI.idNumber, 'approve'),
      'reviewed',
    );
    assert.equal(await avatarStatusOf(token), AVATAR_STATUS.approved);
    assert.equal(
      await reviewLatestFacePhoto(server.db, server.clock, COMMAND_LINE_ACTOR, LI.idNumber, 'approve'),
      'nothing-to-review',
    );
  });

  test('an upload naming no course never resets an approved photo; a reviewer rejecting it does; a new one replaces it once approved', async () => {
    const token = await loginToken(server, WANG.phone, WANG.password);
    assert.equal(await avatarStatusOf(token), AVATAR_STATUS.approved);
    const { avatar: approvedAvatar } = dataOf(await authed(server, token, 'GET', '/v1/userinfo')) as { avatar: string };
    for (const payload of [{ avatar: PNG_BYTES.toString('base64') }, { avatar: jpegDataUrl, course_id: 0 }]) {
      const uploaded = avatarResponseSchema.parse(dataOf(await authed(server, token, 'POST', '/v1/avatar', payload)));
      assert.equal(uploaded.avatar_status, AVATAR_STATUS.approved);
      assert.equal(await avatarStatusOf(token), AVATAR_STATUS.approved);
      assert.equal(
        (dataOf(await authed(server, token, 'GET', '/v1/userinfo')) as { avatar: string }).avatar,
        approvedAvatar,
      );
    }
    // A reviewer rejecting the new photo is a person's decision (issue 18): the learner collects again.
    assert.equal(
      await reviewLatestFacePhoto(server.db, server.clock, COMMAND_LINE_ACTOR, WANG.idNumber, 'reject'),
      'reviewed',
    );
    assert.equal(await avatarStatusOf(token), AVATAR_STATUS.rejected);
    assert.equal(await faceInitOf(WANG), 0);
    // Collecting again: the new photo is under review (face_init 1), and approving it makes it the learner's photo.
    const newer = avatarResponseSchema.parse(
      dataOf(await authed(server, token, 'POST', '/v1/avatar', { avatar: PNG_BYTES.toString('base64') })),
    );
    assert.equal(newer.avatar_status, AVATAR_STATUS.underReview);
    assert.equal(await faceInitOf(WANG), 1);
    assert.equal(
      await reviewLatestFacePhoto(server.db, server.clock, COMMAND_LINE_ACTOR, WANG.idNumber, 'approve'),
      'reviewed',
    );
    const { avatar: nowAvatar } = dataOf(await authed(server, token, 'GET', '/v1/userinfo')) as { avatar: string };
    assert.notEqual(nowAvatar, approvedAvatar);
    assert.match(nowAvatar, /\.png\?expires=/);
    assert.equal(await avatarStatusOf(token), AVATAR_STATUS.approved);
  });

  test('a photo under review that is rejected sends the learner back to face collection', async () => {
    await server.db
      .update(learners)
      .set({ avatarStatus: AVATAR_STATUS.none, avatarPath: null })
      .where(eq(learners.idNumber, WANG.idNumber));
    const token = await loginToken(server, WANG.phone, WANG.password);
    const uploaded = avatarResponseSchema.parse(
      dataOf(await authed(server, token, 'POST', '/v1/avatar', { avatar: PNG_BYTES.toString('base64') })),
    );
    assert.equal(uploaded.avatar_status, AVATAR_STATUS.underReview);
    assert.equal(
      await reviewLatestFacePhoto(server.db, server.clock, COMMAND_LINE_ACTOR, WANG.idNumber, 'reject'),
      'reviewed',
    );
    assert.equal(await avatarStatusOf(token), AVATAR_STATUS.rejected);
    assert.equal(await faceInitOf(WANG), 0);
  });

  test('at most FACE_UPLOADS_PER_HOUR uploads per learner an hour; beyond, a Chinese 429 with Retry-After', async () => {
    server.clock.advance(HOUR_MS);
    const token = await loginToken(server, ZHANG.phone, ZHANG.password);
    const courseId = await zhangsCourse();
    for (let i = 0; i < FACE_UPLOADS_PER_HOUR; i += 1) {
      dataOf(
        await authed(server, token, 'POST', '/v1/avatar', { avatar: jpegDataUrl, course_id: courseId, percent: 40 }),
      );
    }
    const rowsBefore = (await server.db.select({ id: facePhotos.id }).from(facePhotos)).length;
    const refused = await authed(server, token, 'POST', '/v1/avatar', {
      avatar: jpegDataUrl,
      course_id: courseId,
      percent: 40,
    });
    assertRefused(refused, 429, /本小时上传照片次数已达上限/);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    assert.equal((await server.db.select({ id: facePhotos.id }).from(facePhotos)).length, rowsBefore);
    // Another learner is not affected; the next hour the learner may upload again.
    const li = await loginToken(server, LI.phone, LI.password);
    dataOf(await authed(server, li, 'POST', '/v1/avatar', { avatar: jpegDataUrl }));
    server.clock.advance(HOUR_MS);
    dataOf(
      await authed(server, token, 'POST', '/v1/avatar', { avatar: jpegDataUrl, course_id: courseId, percent: 40 }),
    );
  });

  test('a face check during a lesson is recorded without touching the approved photo', async () => {
    const token = await loginToken(server, ZHANG.phone, ZHANG.password);
    const check = avatarResponseSchema.parse(
      dataOf(
        await authed(server, token, 'POST', '/v1/avatar', {
          avatar: jpegDataUrl,
          course_id: await zhangsCourse(),
          percent: 40,
        }),
      ),
    );
    assert.equal(check.avatar_status, AVATAR_STATUS.approved);
    assert.equal(await avatarStatusOf(token), AVATAR_STATUS.approved);
    assert.deepEqual(dataOf(await authed(server, token, 'GET', '/v1/userinfo')), {
      name: '张晓明',
      avatar: '/media/demo-faces/zhang-xiaoming.svg',
    });
  });

  test('a face check in a course the learner is not enrolled in is refused before anything is stored', async () => {
    const token = await loginToken(server, ZHANG.phone, ZHANG.password);
    const before = fs.readdirSync(path.join(mediaDir, 'faces')).length;
    const rowsBefore = await server.db.select({ id: facePhotos.id }).from(facePhotos);
    const [notEnrolled] = await server.db
      .select({ id: courses.id })
      .from(courses)
      .where(
        and(
          eq(courses.kind, 'professional'),
          notInArray(
            courses.id,
            server.db
              .select({ id: enrolments.courseId })
              .from(enrolments)
              .where(eq(enrolments.learnerId, await zhangId())),
          ),
        ),
      )
      .limit(1);
    assert.ok(notEnrolled);
    for (const courseId of [notEnrolled.id, 999_999]) {
      assertRefused(
        await authed(server, token, 'POST', '/v1/avatar', { avatar: jpegDataUrl, course_id: courseId, percent: 40 }),
        403,
        STUDY_MESSAGES.notEnrolled,
      );
    }
    assert.equal(fs.readdirSync(path.join(mediaDir, 'faces')).length, before);
    assert.equal((await server.db.select({ id: facePhotos.id }).from(facePhotos)).length, rowsBefore.length);
  });

  test('not an image, too large, or bad fields are refused and nothing is stored', async () => {
    const token = await loginToken(server, ZHANG.phone, ZHANG.password);
    const before = fs.readdirSync(path.join(mediaDir, 'faces')).length;
    assertRefused(
      await authed(server, token, 'POST', '/v1/avatar', { avatar: Buffer.from('GIF89a....').toString('base64') }),
      400,
      MESSAGES.avatarInvalid,
    );
    assertRefused(
      await authed(server, token, 'POST', '/v1/avatar', {
        avatar: 'data:image/png;base64,' + JPEG_BYTES.toString('base64'),
      }),
      400,
      MESSAGES.avatarInvalid,
    );
    const tooLarge = Buffer.concat([JPEG_BYTES, Buffer.alloc(AVATAR_MAX_BYTES)]).toString('base64');
    assertRefused(
      await authed(server, token, 'POST', '/v1/avatar', { avatar: tooLarge }),
      413,
      MESSAGES.avatarTooLarge,
    );
    assertRefused(
      await authed(server, token, 'POST', '/v1/avatar', { avatar: jpegDataUrl, percent: 101 }),
      400,
      /请求参数不合法：percent/,
    );
    assertRefused(
      await authed(server, token, 'POST', '/v1/avatar', { avatar: jpegDataUrl, learner_id: 2 }),
      400,
      /learner_id/,
    );
    assert.equal(fs.readdirSync(path.join(mediaDir, 'faces')).length, before);
  });
});

describe('face photos are private', () => {
  test('without the signed URL the server hands out, a face photo is refused whether or not it exists', async () => {
    const token = await loginToken(server, ZHANG.phone, ZHANG.password);
    const { avatar } = avatarResponseSchema.parse(
      dataOf(
        await authed(server, token, 'POST', '/v1/avatar', {
          avatar: jpegDataUrl,
          course_id: await zhangsCourse(),
          percent: 20,
        }),
      ),
    );
    const url = new URL(avatar, 'http://site');
    const signature = url.searchParams.get('signature') ?? '';
    const expires = url.searchParams.get('expires') ?? '';
    const refusals = [
      url.pathname,
      `${url.pathname}?expires=${expires}`,
      `${url.pathname}?expires=${expires}&signature=${signature.slice(1)}x`,
      `${url.pathname}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/media/faces/${'0'.repeat(32)}.jpg?expires=${expires}&signature=${signature}`,
      `/media/faces/missing.jpg`,
    ];
    for (const refused of refusals) {
      const response = await server.send(refused);
      assert.equal(response.status, 403, refused);
      assert.deepEqual(response.body, { code: 403, message: MESSAGES.mediaLinkInvalid, data: null });
    }
    assert.equal((await server.send(avatar)).status, 200);
    server.clock.advance(8 * 60 * 60 * 1000);
    assert.equal((await server.send(avatar)).status, 403, 'expired');
  });

  test("userinfo hands out a fresh signed URL of the learner's own photo", async () => {
    const token = await loginToken(server, LI.phone, LI.password);
    const { avatar } = dataOf(await authed(server, token, 'GET', '/v1/userinfo')) as { avatar: string };
    assert.match(avatar, /^\/media\/faces\/[0-9a-f]{32}\.jpg\?expires=/);
    assert.equal((await server.send(avatar)).status, 200);
  });
});

describe('admin CLI: avatar approve|reject <ID number>', () => {
  test('arguments', () => {
    assert.deepEqual(parseAdminArgs(['avatar', 'approve', '11010519491231002x']), {
      kind: 'review-avatar',
      decision: 'approve',
      idNumber: '11010519491231002X',
    });
    assert.ok('error' in parseAdminArgs([]));
    assert.ok('error' in parseAdminArgs(['avatar', 'delete', LI.idNumber]));
    assert.ok('error' in parseAdminArgs(['avatar', 'approve']));
    assert.ok('error' in parseAdminArgs(['avatar', 'approve', '320106198503124511']));
  });

  test('approves, and says when there is nothing to do', async () => {
    const token = await loginToken(server, WANG.phone, WANG.password);
    dataOf(await authed(server, token, 'POST', '/v1/avatar', { avatar: jpegDataUrl }));
    const approve = parseAdminArgs(['avatar', 'approve', WANG.idNumber]);
    assert.ok(!('error' in approve));
    assert.deepEqual(await runAdminCommand(server.db, server.clock, approve), {
      ok: true,
      message: `已通过学员 ${WANG.idNumber} 的人脸照片`,
    });
    assert.equal(await avatarStatusOf(token), AVATAR_STATUS.approved);
    assert.equal((await runAdminCommand(server.db, server.clock, approve)).ok, false);
    const unknown = parseAdminArgs([
      'avatar',
      'reject',
      `11010119900307777${idNumberCheckCharacter('11010119900307777')}`,
    ]);
    assert.ok(!('error' in unknown));
    assert.deepEqual(await runAdminCommand(server.db, server.clock, unknown), {
      ok: false,
      message: `没有身份证号为 11010119900307777${idNumberCheckCharacter('11010119900307777')} 的学员`,
    });
  });
});
