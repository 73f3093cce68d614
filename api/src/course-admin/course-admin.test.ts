import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { rowsOf } from '../db/database';
import type { AdminCourse, AdminCourseDetail, CourseYear } from '@yaoshi/contracts/course-admin';
import { LESSON_UPLOAD_PATH } from '@yaoshi/contracts/course-admin';
import { COURSE_ADMIN_MESSAGES as M } from '@yaoshi/contracts/course-admin-rules';
import type { LessonDetail } from '@yaoshi/contracts/study';
import { auditRecords } from '../audit/audit-schema';
import { courseLessons, courses } from '../catalogue/catalogue-schema';
import { learners } from '../accounts/accounts-schema';
import { orderCourses } from '../orders/orders-schema';
import { courseProgress } from '../study/study-schema';
import { MESSAGES } from '../messages';
import { WANG, ZHANG, assertRefused, authed, dataOf, loginToken } from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { databaseFingerprint, startTestServer, type TestServer } from '../test-support/test-server';
import { verdictOf } from './video-probe';
import { videoTranscodes } from '../video-transcode/video-transcode-schema';

let server: TestServer;
let staff: TestStaff;
let mediaDir: string;
let work: string;
let video: Buffer;

before(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'course-admin-media-'));
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'course-admin-work-'));
  const file = path.join(work, 'tiny.mp4');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=3:size=320x240:rate=10',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  video = fs.readFileSync(file);
  server = await startTestServer({ config: { mediaDir } });
  staff = await signedInStaff(server, ['课程管理']);
});
after(async () => {
  await server.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST', route: string, payload?: Record<string, unknown>) =>
  authed(server, staff.token, method, route, payload);

const YEAR = {
  year: 2031,
  is_buxue: false,
  need_all: 2,
  course_type_tip: '2031年度按需选课。',
  opens_on: '2031-01-01',
  closes_on: '2031-12-31',
  hour_price: 5,
  sort_order: 5,
};

const COURSE = {
  name: '药学服务沟通技巧',
  kind: 'compulsory',
  face_to_face: false,
  credit: 3,
  class_hour: 3,
  price: 15,
  teacher_name: '何静',
  teacher_description: '副主任药师',
  description: '与患者沟通用药的方法。',
  quiz_points: [],
  sort_order: 0,
};

async function lastAudit() {
  const [row] = await server.db.select().from(auditRecords).orderBy(desc(auditRecords.id)).limit(1);
  return row!;
}

/** Row counts of every table but the request log, and the contents of the catalogue's tables. */
async function snapshot(): Promise<Record<string, unknown>> {
  const counts: Record<string, unknown> = await databaseFingerprint(server.db);
  delete counts['request_nonces'];
  delete counts['rate_counters'];
  for (const table of ['academic_years', 'courses', 'course_lessons', 'course_progress']) {
    const [row] = await rowsOf<{ h: string }>(
      server.db,
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${sql.identifier(table)} t`,
    );
    counts[`${table}.contents`] = row!.h;
  }
  return counts;
}

/** Every bad input is refused with its Chinese message and leaves the database as it was. */
async function assertRefusedUnchanged(
  method: 'GET' | 'POST',
  route: string,
  payload: Record<string, unknown>,
  code: number,
  message: string,
) {
  const before = await snapshot();
  const response = await call(method, route, payload);
  assertRefused(response, code, message);
  assert.deepEqual(await snapshot(), before, `${route} wrote something`);
}

// ── tus, spoken by hand (tus-js-client does the same in the console) ─────────────────────

async function tus(method: string, url: string, headers: Record<string, string> = {}, body?: Buffer) {
  return fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${staff.token}`, ...headers },
    ...(body ? { body } : {}),
  });
}

async function createUpload(size: number, token = staff.token): Promise<Response> {
  return fetch(`${server.baseUrl}${LESSON_UPLOAD_PATH}`, {
    method: 'POST',
    headers: {
      'Tus-Resumable': '1.0.0',
      Authorization: `Bearer ${token}`,
      'Upload-Length': String(size),
      'Upload-Metadata': `filename ${Buffer.from('第一课.mp4').toString('base64')}`,
    },
  });
}

function patch(location: string, offset: number, bytes: Buffer) {
  return tus(
    'PATCH',
    location,
    { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    bytes,
  );
}

/** Uploads `bytes` in two requests, asking the server where to go on in between (as after a reload). */
async function uploadResuming(bytes: Buffer): Promise<{ id: string; last: Response }> {
  const created = await createUpload(bytes.length);
  assert.equal(created.status, 201);
  // tus answers on the raw response, with the site's security headers all the same.
  assert.equal(created.headers.get('x-content-type-options'), 'nosniff');
  assert.ok(created.headers.get('content-security-policy'));
  const location = created.headers.get('location')!;
  assert.match(location, new RegExp(`^${LESSON_UPLOAD_PATH}/[0-9a-f]{32}$`));
  const half = Math.floor(bytes.length / 2);
  assert.equal((await patch(location, 0, bytes.subarray(0, half))).status, 204);
  // The page reloads: the client only knows the upload's URL, and asks how far it got.
  const head = await tus('HEAD', location);
  assert.equal(head.status, 200);
  const offset = Number(head.headers.get('upload-offset'));
  assert.equal(offset, half);
  const last = await patch(location, offset, bytes.subarray(offset));
  return { id: location.split('/').pop()!, last };
}

/** Waits until no lesson video waits for or is in its transcode (the job queue runs them in the background). */
async function transcodesSettled(): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [busy] = await server.db
      .select({ n: count() })
      .from(videoTranscodes)
      .where(sql`${videoTranscodes.status} in ('queued', 'running')`);
    if (!busy?.n) return;
    if (Date.now() > deadline) throw new Error('the lesson transcodes did not finish within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
describe('study years', () => {
  test('a year is created and edited with its dates, make-up flag, price and need_all; each change audited', async () => {
    const created = dataOf(await call('POST', '/v1/admin/course_years/create', YEAR)) as CourseYear;
    assert.deepEqual(created, {
      ...YEAR,
      course_count: 0,
      study_starts_on: null,
      study_ends_on: null,
      default_from: null,
      status: 'draft',
      opened_at: null,
      opened_by: null,
      is_current: false,
    });
    assert.equal((await lastAudit()).action, 'course-year.create');
    assert.equal((await lastAudit()).target, '2031年度');

    const updated = dataOf(
      await call('POST', '/v1/admin/course_years/update', { ...YEAR, is_buxue: true, need_all: 1, hour_price: 6.5 }),
    ) as CourseYear;
    assert.equal(updated.is_buxue, true);
    assert.equal(updated.hour_price, 6.5);
    const audit = await lastAudit();
    assert.equal(audit.action, 'course-year.update');
    assert.equal((audit.before as CourseYear).need_all, 2);
    assert.equal((audit.after as CourseYear).need_all, 1);
    await call('POST', '/v1/admin/course_years/update', YEAR);

    const years = dataOf(await call('GET', '/v1/admin/course_years')) as CourseYear[];
    assert.ok(years.some((year) => year.year === 2031));
    // A new year is a draft: learners do not see it until it is opened (study-years.test.ts).
    const learner = await loginToken(server, ZHANG.phone, ZHANG.password);
    const listed = dataOf(await authed(server, learner, 'GET', '/v1/academic_year')) as { year: number }[];
    assert.ok(!listed.some((year) => year.year === 2031));
  });

  test('bad years are refused in Chinese and write nothing', async () => {
    const create = '/v1/admin/course_years/create';
    await assertRefusedUnchanged('POST', create, YEAR, 409, M.yearExists);
    await assertRefusedUnchanged(
      'POST',
      create,
      { ...YEAR, year: 2032, opens_on: '2032-12-01', closes_on: '2032-01-01' },
      400,
      M.datesOrder,
    );
    await assertRefusedUnchanged('POST', create, { ...YEAR, year: 2032, opens_on: '2032-02-30' }, 400, M.dateInvalid);
    await assertRefusedUnchanged('POST', create, { ...YEAR, year: 1999 }, 400, M.yearInvalid);
    await assertRefusedUnchanged('POST', create, { ...YEAR, year: 2032, need_all: 3 }, 400, M.needAllInvalid);
    await assertRefusedUnchanged('POST', create, { ...YEAR, year: 2032, hour_price: 1.234 }, 400, M.hourPriceInvalid);
    await assertRefusedUnchanged('POST', create, { ...YEAR, year: 2032, extra: 1 }, 400, '请求参数不合法：extra');
    await assertRefusedUnchanged('POST', '/v1/admin/course_years/update', { ...YEAR, year: 2099 }, 404, M.yearUnknown);
  });
});

describe('courses', () => {
  let courseId: number;

  test('a course is created in a year, listed, and edited; each change audited', async () => {
    const created = dataOf(
      await call('POST', '/v1/admin/courses/create', { ...COURSE, year: 2031 }),
    ) as AdminCourseDetail;
    courseId = created.course_id;
    assert.equal(created.kind, 'compulsory');
    assert.equal(created.class_hour, 3);
    assert.equal(created.price, 15);
    assert.deepEqual(created.frozen_fields, []);
    assert.equal((await lastAudit()).action, 'course.create');

    const edited = dataOf(
      await call('POST', '/v1/admin/courses/update', { ...COURSE, course_id: courseId, price: 18.5, class_hour: 4.5 }),
    ) as AdminCourseDetail;
    assert.equal(edited.price, 18.5);
    assert.equal(edited.class_hour, 4.5);
    const audit = await lastAudit();
    assert.equal(audit.action, 'course.update');
    assert.equal((audit.before as AdminCourse).price, 15);
    assert.equal((audit.after as AdminCourse).price, 18.5);

    const list = dataOf(await call('GET', '/v1/admin/courses', { year: 2031 })) as AdminCourse[];
    assert.deepEqual(
      list.map((course) => course.name),
      [COURSE.name],
    );
    // A public course charges nothing and keeps its quiz points.
    const open = dataOf(
      await call('POST', '/v1/admin/courses/create', {
        ...COURSE,
        name: '公需课：医保政策',
        kind: 'public',
        quiz_points: [80, 35],
        year: 2031,
      }),
    ) as AdminCourseDetail;
    assert.equal(open.price, 0);
    assert.deepEqual(open.quiz_points, [35, 80]);
  });

  test('outside its sign-up dates a year refuses sign-up', async () => {
    // A draft is unknown to learners; opened, with its sign-up dates past (the test clock is
    // mid-2025), it refuses sign-up.
    const learner = await loginToken(server, ZHANG.phone, ZHANG.password);
    const signUp = () => authed(server, learner, 'POST', '/v1/signup_once', { cids: String(courseId), year: 2031 });
    assertRefused(await signUp(), 400, '该年度不存在');
    const dated = {
      ...YEAR,
      opens_on: '2025-01-01',
      closes_on: '2025-03-01',
      study_starts_on: '2031-01-01',
      study_ends_on: '2031-12-31',
      default_from: '2031-01-01',
    };
    dataOf(await call('POST', '/v1/admin/course_years/update', dated));
    dataOf(await call('POST', '/v1/admin/course_years/open', { year: 2031 }));
    assertRefused(await signUp(), 400, M.signupClosed);
  });

  test('bad courses are refused in Chinese and write nothing', async () => {
    const create = '/v1/admin/courses/create';
    const base = { ...COURSE, name: '另一门课', year: 2031 };
    await assertRefusedUnchanged('POST', create, { ...base, name: '  ' }, 400, M.nameRequired);
    await assertRefusedUnchanged('POST', create, { ...base, class_hour: 0 }, 400, M.hoursInvalid);
    await assertRefusedUnchanged('POST', create, { ...base, class_hour: 1.25 }, 400, M.hoursInvalid);
    await assertRefusedUnchanged('POST', create, { ...base, price: -1 }, 400, M.priceInvalid);
    await assertRefusedUnchanged('POST', create, { ...base, credit: 'x' }, 400, M.creditInvalid);
    await assertRefusedUnchanged('POST', create, { ...base, kind: 'other' }, 400, M.kindInvalid);
    await assertRefusedUnchanged(
      'POST',
      create,
      { ...base, kind: 'public', face_to_face: true },
      400,
      M.publicFaceToFace,
    );
    await assertRefusedUnchanged('POST', create, { ...base, quiz_points: [35] }, 400, M.quizOnlyPublic);
    await assertRefusedUnchanged(
      'POST',
      create,
      { ...base, kind: 'public', quiz_points: [35, 35] },
      400,
      M.quizPointsInvalid,
    );
    await assertRefusedUnchanged('POST', create, { ...base, name: COURSE.name }, 409, M.nameTaken);
    await assertRefusedUnchanged('POST', create, { ...base, year: 2077 }, 404, M.yearUnknown);
    await assertRefusedUnchanged('POST', create, { ...base, name: '长'.repeat(61) }, 400, M.nameTooLong);
    await assertRefusedUnchanged(
      'POST',
      '/v1/admin/courses/update',
      { ...COURSE, course_id: 999999 },
      404,
      M.courseUnknown,
    );
  });

  test('once an order exists, price and hours are frozen: refused with the reason, other fields still editable', async () => {
    const [ordered] = await server.db
      .select({ id: orderCourses.courseId })
      .from(orderCourses)
      .innerJoin(courses, eq(courses.id, orderCourses.courseId))
      .where(eq(courses.kind, 'professional'))
      .limit(1);
    const course = dataOf(
      await call('GET', '/v1/admin/courses/detail', { course_id: ordered!.id }),
    ) as AdminCourseDetail;
    assert.ok(course.order_count > 0);
    assert.deepEqual(course.frozen_fields, ['price', 'class_hour']);
    assert.equal(course.frozen_reason, M.frozen);
    const input = {
      course_id: course.course_id,
      name: course.name,
      kind: course.kind,
      face_to_face: course.face_to_face,
      credit: course.credit,
      class_hour: course.class_hour,
      price: course.price,
      teacher_name: course.teacher_name,
      teacher_description: course.teacher_description,
      description: course.description,
      quiz_points: course.kind === 'public' ? course.quiz_points : [],
      sort_order: course.sort_order,
    };
    await assertRefusedUnchanged(
      'POST',
      '/v1/admin/courses/update',
      { ...input, price: course.price + 1 },
      409,
      M.frozen,
    );
    await assertRefusedUnchanged(
      'POST',
      '/v1/admin/courses/update',
      { ...input, class_hour: course.class_hour + 1 },
      409,
      M.frozen,
    );
    const edited = dataOf(
      await call('POST', '/v1/admin/courses/update', { ...input, description: '新的课程简介' }),
    ) as AdminCourseDetail;
    assert.equal(edited.description, '新的课程简介');
    assert.equal(edited.price, course.price);
  });

  test('a thumbnail and a teacher photo are stored in the media folder and served; anything but an image is refused', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const saved = dataOf(
      await call('POST', '/v1/admin/courses/thumbnail', { course_id: courseId, image_base64: png.toString('base64') }),
    ) as AdminCourseDetail;
    assert.match(saved.thumb_url, /^\/media\/courses\/thumbs\/\d+-[0-9a-f]{16}\.png$/);
    const served = await fetch(`${server.baseUrl}${saved.thumb_url}`);
    assert.equal(served.status, 200);
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), png);
    assert.equal((await lastAudit()).action, 'course.thumbnail');
    await assertRefusedUnchanged(
      'POST',
      '/v1/admin/courses/thumbnail',
      { course_id: courseId, image_base64: Buffer.from('<svg/>').toString('base64') },
      400,
      M.imageInvalid,
    );

    // The teacher's photo: its own folder and audit action; the thumbnail stays.
    const withAvatar = dataOf(
      await call('POST', '/v1/admin/courses/teacher_avatar', {
        course_id: courseId,
        image_base64: png.toString('base64'),
      }),
    ) as AdminCourseDetail;
    assert.match(withAvatar.teacher_avatar_url, /^\/media\/courses\/teachers\/\d+-[0-9a-f]{16}\.png$/);
    assert.equal(withAvatar.thumb_url, saved.thumb_url);
    assert.equal((await fetch(`${server.baseUrl}${withAvatar.teacher_avatar_url}`)).status, 200);
    const avatarAudit = await lastAudit();
    assert.equal(avatarAudit.action, 'course.teacher-avatar');
    assert.deepEqual(avatarAudit.after, { teacherAvatar: withAvatar.teacher_avatar_url.replace('/media/', '') });
    await assertRefusedUnchanged(
      'POST',
      '/v1/admin/courses/teacher_avatar',
      { course_id: courseId, image_base64: Buffer.from('GIF89a').toString('base64') },
      400,
      M.imageInvalid,
    );
  });

  test('a video uploads by tus, resumes where it stopped, and becomes the lesson with the length ffprobe read', async () => {
    const { id, last } = await uploadResuming(video);
    assert.equal(last.status, 204);
    assert.equal(last.headers.get('upload-duration'), '3');
    const saved = dataOf(
      await call('POST', '/v1/admin/courses/lesson', { course_id: courseId, upload_id: id, face_points: [50, 20] }),
    ) as AdminCourseDetail;
    assert.equal(saved.duration, 3);
    assert.deepEqual(saved.face_points, [20, 50]);
    assert.equal(saved.lesson_version, 1);
    assert.equal(saved.lessons[0]!.original_name, '第一课.mp4');
    assert.match(saved.video_url, /^\/media\/videos\/lessons\/\d+-[0-9a-f]{32}\.mp4$/);
    const audit = await lastAudit();
    assert.equal(audit.action, 'course.lesson');
    assert.equal((audit.after as { duration: number }).duration, 3);
    // Served as it is, with ranges, like every lesson video.
    const served = await fetch(`${server.baseUrl}${saved.video_url}`, { headers: { Range: 'bytes=0-9' } });
    assert.equal(served.status, 206);
    assert.equal(served.headers.get('content-type'), 'video/mp4');
    // The upload is used up.
    await assertRefusedUnchanged(
      'POST',
      '/v1/admin/courses/lesson',
      { course_id: courseId, upload_id: id, face_points: [] },
      404,
      M.uploadUnknown,
    );
    // The new lesson's transcode runs on in the background and audits its result. The next
    // tests compare the whole database before and after a refusal, so it finishes here.
    await transcodesSettled();
  });

  test('an unreadable file is refused when its last byte arrives, with a Chinese message, and deleted', async () => {
    const junk = Buffer.alloc(4096, 7);
    const { id, last } = await uploadResuming(junk);
    assert.equal(last.status, 422);
    assert.equal(await last.text(), M.videoUnreadable);
    assert.equal(fs.existsSync(path.join(mediaDir, '.uploads', id)), false);
    await assertRefusedUnchanged(
      'POST',
      '/v1/admin/courses/lesson',
      { course_id: courseId, upload_id: id, face_points: [] },
      404,
      M.uploadUnknown,
    );
  });

  test('an unfinished upload cannot become a lesson; face points are checked', async () => {
    const created = await createUpload(video.length);
    const location = created.headers.get('location')!;
    await patch(location, 0, video.subarray(0, 100));
    const id = location.split('/').pop()!;
    await assertRefusedUnchanged(
      'POST',
      '/v1/admin/courses/lesson',
      { course_id: courseId, upload_id: id, face_points: [] },
      409,
      M.uploadIncomplete,
    );
    await assertRefusedUnchanged(
      'POST',
      '/v1/admin/courses/lesson',
      { course_id: courseId, face_points: [0] },
      400,
      M.facePointsInvalid,
    );
    await assertRefusedUnchanged(
      'POST',
      '/v1/admin/courses/lesson',
      { course_id: courseId, upload_id: '../../etc', face_points: [] },
      400,
      M.uploadUnknown,
    );
  });

  test('the upload route wants a staff session with courses.manage', async () => {
    const anonymous = await fetch(`${server.baseUrl}${LESSON_UPLOAD_PATH}`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' },
    });
    assert.equal(anonymous.status, 401);
    assert.equal(((await anonymous.json()) as { message: string }).message, MESSAGES.staffLoginRequired);
    const learner = await loginToken(server, ZHANG.phone, ZHANG.password);
    assert.equal((await createUpload(10, learner)).status, 401);
    const auditor = await signedInStaff(server, ['只读审计']);
    const forbidden = await createUpload(10, auditor.token);
    assert.equal(forbidden.status, 403);
    assert.equal(((await forbidden.json()) as { message: string }).message, MESSAGES.staffForbidden);
    // More than the largest video allowed is refused before a byte is sent.
    assert.equal((await createUpload(9 * 1024 * 1024 * 1024)).status, 413);
    // A request that is no tus upload gets our envelope, not tus's bare protocol error.
    const notTus = await fetch(`${server.baseUrl}${LESSON_UPLOAD_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${staff.token}`, 'Content-Type': 'application/json' },
      body: '{"file":"x"}',
    });
    assert.equal(notTus.status, 412);
    assert.deepEqual(await notTus.json(), { code: 412, message: M.resumableRequired, data: null });
  });
});

describe('replacing a lesson keeps what learners studied', () => {
  test('who had begun the old version finishes it; completion stays; who had not begun gets the new one', async () => {
    const [wang] = await server.db
      .select({ id: learners.id })
      .from(learners)
      .where(eq(learners.idNumber, WANG.idNumber));
    const progressOf = async (courseId: number) =>
      (
        await server.db
          .select()
          .from(courseProgress)
          .where(and(eq(courseProgress.learnerId, wang!.id), eq(courseProgress.courseId, courseId)))
      )[0]!;
    // 王芳's seeded professional courses: one half watched, one completed.
    const [partial] = await server.db
      .select({ id: courses.id, duration: courses.durationSeconds, video: courses.videoPath })
      .from(courseProgress)
      .innerJoin(courses, eq(courses.id, courseProgress.courseId))
      .where(
        and(
          eq(courseProgress.learnerId, wang!.id),
          eq(courses.kind, 'professional'),
          gt(courseProgress.verifiedSeconds, 0),
          lt(courseProgress.progress, 100),
        ),
      )
      .limit(1);
    const [done] = await server.db
      .select({ id: courses.id })
      .from(courseProgress)
      .innerJoin(courses, eq(courses.id, courseProgress.courseId))
      .where(
        and(eq(courseProgress.learnerId, wang!.id), eq(courses.kind, 'professional'), eq(courseProgress.progress, 100)),
      )
      .limit(1);
    assert.ok(partial && done && partial.duration! > 3);
    const partialBefore = await progressOf(partial.id);
    const doneBefore = await progressOf(done.id);

    for (const courseId of [partial.id, done.id]) {
      const { id } = await uploadResuming(video);
      dataOf(await call('POST', '/v1/admin/courses/lesson', { course_id: courseId, upload_id: id, face_points: [] }));
    }
    const detail = dataOf(
      await call('GET', '/v1/admin/courses/detail', { course_id: partial.id }),
    ) as AdminCourseDetail;
    assert.deepEqual(
      detail.lessons.map((lesson) => [lesson.version, lesson.duration]),
      [
        [2, 3],
        [1, partial.duration],
      ],
    );
    assert.ok(detail.lessons[1]!.learners >= 1, 'the old version still counts its learners');

    // Progress and completion are exactly as they were, pinned to version 1.
    const [versionOne] = await server.db
      .select({ id: courseLessons.id })
      .from(courseLessons)
      .where(and(eq(courseLessons.courseId, partial.id), eq(courseLessons.version, 1)));
    const partialAfter = await progressOf(partial.id);
    assert.equal(partialAfter.lessonId, versionOne!.id);
    assert.equal(partialAfter.verifiedSeconds, partialBefore.verifiedSeconds);
    assert.equal(partialAfter.progress, partialBefore.progress);
    const doneAfter = await progressOf(done.id);
    assert.equal(doneAfter.progress, 100);
    assert.deepEqual(doneAfter.completedAt, doneBefore.completedAt);
    assert.notEqual(doneAfter.lessonId, null);

    // 王芳 continues the old video, and her reports are judged against its length.
    const token = await loginToken(server, WANG.phone, WANG.password);
    const lesson = dataOf(
      await authed(server, token, 'GET', '/v1/webcourse_detail', { cid: partial.id, formal: 1 }),
    ) as LessonDetail;
    assert.equal(lesson.video_url, `/media/${partial.video}`);
    assert.equal(lesson.duration, partial.duration);
    assert.equal(lesson.progress.learn_time, partialBefore.verifiedSeconds);
    server.clock.advance(10_000);
    const report = await authed(server, token, 'POST', '/v1/records', {
      cid: partial.id,
      record_id: lesson.record_id,
      pos: partialBefore.verifiedSeconds + 8,
      vlength: partial.duration,
      start_time: 0,
      state: 1,
    });
    assert.equal(report.status, 200, JSON.stringify(report.body));
    assert.equal((await progressOf(partial.id)).verifiedSeconds, partialBefore.verifiedSeconds + 8);

    // A learner who had not begun it gets the new version.
    const [{ n }] = (await server.db
      .select({ n: count() })
      .from(courseProgress)
      .where(and(eq(courseProgress.courseId, partial.id), eq(courseProgress.lessonId, versionOne!.id)))) as [
      { n: number },
    ];
    assert.ok(Number(n) >= 1);
    const current = dataOf(
      await call('GET', '/v1/admin/courses/detail', { course_id: partial.id }),
    ) as AdminCourseDetail;
    assert.equal(current.duration, 3);
  });
});

test('ffprobe verdicts: a length and a served container are required', () => {
  assert.deepEqual(
    verdictOf(
      JSON.stringify({ streams: [{ codec_type: 'video' }], format: { format_name: 'matroska,webm', duration: '2.6' } }),
    ),
    { ok: true, durationSeconds: 3, container: 'webm' },
  );
  assert.deepEqual(
    verdictOf(JSON.stringify({ streams: [{ codec_type: 'audio' }], format: { format_name: 'mp3', duration: '9' } })),
    {
      ok: false,
      reason: 'unreadable',
    },
  );
  assert.deepEqual(
    verdictOf(JSON.stringify({ streams: [{ codec_type: 'video' }], format: { format_name: 'avi', duration: '9' } })),
    {
      ok: false,
      reason: 'format',
    },
  );
  assert.deepEqual(verdictOf('not json'), { ok: false, reason: 'unreadable' });
});
