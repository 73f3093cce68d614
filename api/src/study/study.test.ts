import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { LessonDetail, ProgressReportResponse, QuizQuestion, StudySummaryResponse } from '@yaoshi/contracts/study';
import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import { PUBLIC_QUIZ_PERCENTS, TRIAL_LIMIT_SECONDS } from '@yaoshi/contracts/study-rules';
import { courseProgress, publicQuizAnswers, publicQuizQuestions, studyReports, studySessions } from './study-schema';
import { courses } from '../catalogue/catalogue-schema';
import { enrolments } from '../orders/orders-schema';
import { facePhotos } from '../face-photos/face-photos-schema';
import { learners } from '../accounts/accounts-schema';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { LI, WANG, ZHANG, assertRefused, authed, dataOf, loginToken } from '../test-support/learner-session';
import { JPEG_BYTES } from '../test-support/image-fixtures';
import { LIVE_SESSION_SECONDS } from './report-rules';
import { progressReports } from './progress-reports';
import { PUBLIC_QUIZ_QUESTIONS } from '../seed/study-seed';

/** The test clock starts in 2025 (TEST_START): the seeding year, where 王芳's study data is. */
const YEAR = 2025;

let server: TestServer;
let mediaDir: string;
let wang: string;
let zhang: string;
before(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-media-'));
  server = await startTestServer({ config: { mediaDir } });
  wang = await loginToken(server, WANG.phone, WANG.password);
  zhang = await loginToken(server, ZHANG.phone, ZHANG.password);
});
after(async () => {
  await server.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

async function learnerId(idNumber: string): Promise<number> {
  const [row] = await server.db.select({ id: learners.id }).from(learners).where(eq(learners.idNumber, idNumber));
  return row!.id;
}

async function courseNamed(name: string, year = YEAR) {
  const [row] = await server.db
    .select()
    .from(courses)
    .where(and(eq(courses.name, name), eq(courses.year, year)));
  assert.ok(row, name);
  return row;
}

const SHORT = '药品管理法律法规与执业药师职业道德'; // 30 s, 0 %
const IN_PROGRESS = '处方审核规范与常见不合理处方分析'; // 90 s, 40 %
const RATED = '抗菌药物临床合理应用'; // finished, rated
const UNRATED = '药物警戒与药品不良反应监测'; // finished, not rated
const ELECTIVE = '儿童与老年人安全用药'; // enrolled, not started
const PUBLIC_DONE = '专业技术人员职业道德与诚信建设';
const PUBLIC_IN_PROGRESS = '健康中国战略与公共卫生';
const PUBLIC_LOCKED = '突发公共卫生事件应急处置';

function detail(token: string, cid: number, extra: Record<string, unknown> = {}) {
  return authed(server, token, 'GET', '/v1/webcourse_detail', { cid, formal: 1, ...extra });
}

function report(token: string, cid: number, recordId: number, pos: number, extra: Record<string, unknown> = {}) {
  return authed(server, token, 'POST', '/v1/records', {
    cid,
    record_id: recordId,
    pos,
    vlength: 30,
    start_time: 0,
    state: 1,
    ...extra,
  });
}

async function reportsOf(sessionId: number) {
  return server.db
    .select()
    .from(studyReports)
    .where(eq(studyReports.sessionId, sessionId))
    .orderBy(asc(studyReports.id));
}

/** Ends every playback session, so each test starts without a live one. */
async function closeAllSessions() {
  await server.db.update(studySessions).set({ playingAt: null });
}

beforeEach(closeAllSessions);

describe('study lists (mycourses, public_courses_my)', () => {
  test("王芳's professional year: every course with its verified progress; hours only count finished courses", async () => {
    const summary = dataOf(
      await authed(server, wang, 'GET', '/v1/mycourses', { year: YEAR, type: 1 }),
    ) as StudySummaryResponse;
    assert.equal(summary.total, 10);
    assert.equal(summary.complete, 2);
    assert.equal(summary.class_hour, 60);
    assert.equal(summary.year_class_hour, 60);
    assert.equal(summary.avatar_status, 1);
    assert.equal(summary.is_buxue, 0);
    const byName = new Map(summary.courses.map((c) => [c.name, c]));
    assert.equal(byName.get(SHORT)?.learn_progress, 0);
    assert.equal(byName.get(IN_PROGRESS)?.learn_progress, 40);
    assert.equal(byName.get(IN_PROGRESS)?.learn_time, 36);
    assert.equal(byName.get(RATED)?.is_grade, 4);
    assert.equal(byName.get(UNRATED)?.learn_progress, 100);
    assert.equal(byName.get(UNRATED)?.is_grade, 0);
    assert.equal(byName.get(SHORT)?.credit, 6, 'one credit an hour (shared/contracts credit-rules.ts)');
    assert.equal(summary.car.split(',').length, 6);
    assert.deepEqual(summary.years, [
      { year: YEAR, is_buxue: 0 },
      { year: YEAR - 1, is_buxue: 0 },
      { year: YEAR - 2, is_buxue: 1 },
    ]);
    // Without a year: the first of the list.
    const first = dataOf(await authed(server, wang, 'GET', '/v1/mycourses', {})) as StudySummaryResponse;
    assert.equal(first.year, YEAR);
    assert.equal(first.total, 10);
  });

  test('face-to-face tab, another year, and a learner without enrolments list nothing', async () => {
    for (const [token, payload] of [
      [wang, { year: YEAR, type: 2 }],
      [zhang, { year: YEAR - 2 }],
      [zhang, { year: YEAR, type: 1 }],
      [wang, { year: 2099, type: 1 }],
    ] as const) {
      const summary = dataOf(await authed(server, token, 'GET', '/v1/mycourses', payload)) as StudySummaryResponse;
      assert.equal(summary.total, 0);
      assert.deepEqual(summary.courses, []);
    }
  });

  test('the public list, 30 required hours, and bad input refused', async () => {
    const summary = dataOf(
      await authed(server, wang, 'GET', '/v1/public_courses_my', { year: YEAR }),
    ) as StudySummaryResponse;
    assert.equal(summary.total, 6);
    assert.equal(summary.year_class_hour, 30);
    assert.equal(summary.courses[0]?.learn_progress, 100);
    assertRefused(await authed(server, wang, 'GET', '/v1/mycourses', { year: 'abc' }), 400, /year/);
    assertRefused(
      await server.call({ method: 'GET', path: '/v1/mycourses', payload: { year: YEAR } }),
      401,
      '请先登录',
    );
  });
});

describe('lesson details (webcourse_detail, public_courses_detail)', () => {
  test('an enrolled course opens a playback session that resumes at the verified point', async () => {
    const course = await courseNamed(IN_PROGRESS);
    const lesson = dataOf(await detail(wang, course.id)) as LessonDetail;
    assert.equal(lesson.progress.learn_time, 36);
    assert.equal(lesson.progress.progress, 40);
    assert.equal(lesson.duration, 90);
    assert.equal(lesson.video_url, '/media/videos/lesson-90s.webm');
    assert.deepEqual(lesson.photo, [20]);
    assert.ok(lesson.record_id > 0);
    assert.equal(lesson.trial, 0);
    // A reload sends the record_id it had: the same playback continues.
    const again = dataOf(await detail(wang, course.id, { record_id: lesson.record_id })) as LessonDetail;
    assert.equal(again.record_id, lesson.record_id);
  });

  test('a finished course is review: no session, nothing to record', async () => {
    const lesson = dataOf(await detail(wang, (await courseNamed(RATED)).id)) as LessonDetail;
    assert.equal(lesson.record_id, 0);
    assert.equal(lesson.progress.progress, 100);
    assert.equal(lesson.is_grade, 4);
  });

  test('not enrolled: refused, except a professional trial; avatar not approved: 头像审核中', async () => {
    const course = await courseNamed(SHORT);
    assertRefused(await detail(zhang, course.id), 403, M.notEnrolled);
    const trial = dataOf(await detail(zhang, course.id, { formal: 0 })) as LessonDetail;
    assert.equal(trial.trial, 1);
    assert.equal(trial.progress.learn_time, 0);
    const li = await loginToken(server, LI.phone, LI.password);
    assertRefused(await detail(li, course.id, { formal: 0 }), 403, M.avatarUnderReview);
    assertRefused(await detail(wang, 999_999), 404, M.courseNotFound);
    const publicCourse = await courseNamed(PUBLIC_DONE);
    assertRefused(await detail(wang, publicCourse.id), 404, M.courseNotFound); // not a professional course
  });

  test('a public course opens only after the previous one is finished and rated', async () => {
    const open = dataOf(
      await authed(server, wang, 'GET', '/v1/public_courses_detail', {
        course_id: (await courseNamed(PUBLIC_IN_PROGRESS)).id,
      }),
    ) as LessonDetail;
    assert.ok(open.record_id > 0);
    const locked = await courseNamed(PUBLIC_LOCKED);
    assertRefused(
      await authed(server, wang, 'GET', '/v1/public_courses_detail', { course_id: locked.id }),
      403,
      M.previousUnfinished,
    );
  });
});

describe('honest progress (records, public_courses_recordProgress)', () => {
  test('honest reports advance with the wall clock and the resume point follows', async () => {
    const course = await courseNamed(IN_PROGRESS);
    const lesson = dataOf(await detail(wang, course.id)) as LessonDetail;
    server.clock.advance(10_000);
    const first = dataOf(await report(wang, course.id, lesson.record_id, 46.2)) as ProgressReportResponse;
    assert.equal(first.learn_time, 46);
    assert.equal(first.progress, 51);
    server.clock.advance(10_000);
    dataOf(await report(wang, course.id, lesson.record_id, 56));
    const again = dataOf(await detail(wang, course.id, { record_id: lesson.record_id })) as LessonDetail;
    assert.equal(again.progress.learn_time, 56);
    const rows = await reportsOf(lesson.record_id);
    assert.deepEqual(
      rows.map((r) => r.outcome),
      ['accepted', 'accepted'],
    );
  });

  test('each cheating pattern is refused, recorded, and changes no progress', async () => {
    const course = await courseNamed(IN_PROGRESS);
    const lesson = dataOf(await detail(wang, course.id)) as LessonDetail;
    const start = lesson.progress.learn_time;
    server.clock.advance(10_000);
    assertRefused(await report(wang, course.id, lesson.record_id, 91), 409, M.reportBeyondLength);
    assertRefused(await report(wang, course.id, lesson.record_id, start + 30), 409, M.reportTooFast);
    assertRefused(await report(wang, course.id, lesson.record_id, start - 1), 409, M.reportBackwards);
    const rows = await reportsOf(lesson.record_id);
    assert.deepEqual(
      rows.map((r) => [r.outcome, r.claimedSeconds]),
      [
        ['beyond_length', 91],
        ['too_fast', start + 30],
        ['backwards', start - 1],
      ],
    );
    const [progress] = await server.db
      .select()
      .from(courseProgress)
      .where(and(eq(courseProgress.learnerId, await learnerId(WANG.idNumber)), eq(courseProgress.courseId, course.id)));
    assert.equal(progress?.verifiedSeconds, start);
    // The honest report that follows is still accepted.
    dataOf(await report(wang, course.id, lesson.record_id, start + 10));
  });

  test('a second simultaneous playback session of the same learner is refused; closing the first frees it', async () => {
    const first = await courseNamed(IN_PROGRESS);
    const second = await courseNamed(SHORT);
    const a = dataOf(await detail(wang, first.id)) as LessonDetail;
    const b = dataOf(await detail(wang, second.id)) as LessonDetail;
    server.clock.advance(5_000);
    dataOf(await report(wang, first.id, a.record_id, a.progress.learn_time + 5));
    server.clock.advance(5_000);
    assertRefused(await report(wang, second.id, b.record_id, 5), 409, M.reportSecondSession);
    assert.equal((await reportsOf(b.record_id))[0]?.outcome, 'second_session');
    // The first page leaves the lesson (state 3): the second may play.
    dataOf(await report(wang, first.id, a.record_id, 0, { state: 3 }));
    dataOf(await report(wang, second.id, b.record_id, 9));
    // And a page that simply disappears stops being live after LIVE_SESSION_SECONDS.
    server.clock.advance(LIVE_SESSION_SECONDS * 1000);
    const c = dataOf(await detail(wang, first.id)) as LessonDetail;
    dataOf(await report(wang, first.id, c.record_id, c.progress.learn_time));
  });

  test('a course the learner is no longer enrolled in is refused', async () => {
    const id = await learnerId(WANG.idNumber);
    const elective = await courseNamed(ELECTIVE);
    const lesson = dataOf(await detail(wang, elective.id)) as LessonDetail;
    await server.db
      .update(enrolments)
      .set({ withdrawnAt: server.clock.now() })
      .where(and(eq(enrolments.learnerId, id), eq(enrolments.courseId, elective.id), isNull(enrolments.withdrawnAt)));
    try {
      server.clock.advance(10_000);
      assertRefused(await report(wang, elective.id, lesson.record_id, 5), 403, M.notEnrolled);
      assert.equal((await reportsOf(lesson.record_id))[0]?.outcome, 'not_enrolled');
    } finally {
      await server.db
        .update(enrolments)
        .set({ withdrawnAt: null })
        .where(and(eq(enrolments.learnerId, id), eq(enrolments.courseId, elective.id)));
    }
  });

  test(`a trial is accepted up to ${TRIAL_LIMIT_SECONDS} s and refused past it, and never becomes progress`, async () => {
    const course = await courseNamed('抗凝药物的药学监护');
    const lesson = dataOf(await detail(zhang, course.id, { formal: 0 })) as LessonDetail;
    // Stretch this course's video so the trial limit lies inside it.
    await server.db.update(courses).set({ durationSeconds: 600 }).where(eq(courses.id, course.id));
    try {
      let position = 0;
      while (position < TRIAL_LIMIT_SECONDS) {
        server.clock.advance(60_000);
        position = Math.min(TRIAL_LIMIT_SECONDS, position + 60);
        dataOf(await report(zhang, course.id, lesson.record_id, position, { flag: 1 }));
      }
      server.clock.advance(60_000);
      assertRefused(
        await report(zhang, course.id, lesson.record_id, TRIAL_LIMIT_SECONDS + 1, { flag: 1 }),
        403,
        M.reportTrialLimit,
      );
      const outcomes = (await reportsOf(lesson.record_id)).map((r) => r.outcome);
      assert.equal(outcomes.at(-1), 'trial_limit');
      const progress = await server.db
        .select()
        .from(courseProgress)
        .where(eq(courseProgress.learnerId, await learnerId(ZHANG.idNumber)));
      assert.deepEqual(progress, []);
    } finally {
      await server.db.update(courses).set({ durationSeconds: 180 }).where(eq(courses.id, course.id));
    }
  });

  test("reporting on another learner's playback is refused and touches nothing of theirs", async () => {
    const course = await courseNamed(IN_PROGRESS);
    const lesson = dataOf(await detail(wang, course.id)) as LessonDetail;
    server.clock.advance(10_000);
    assertRefused(
      await report(zhang, course.id, lesson.record_id, lesson.progress.learn_time + 5),
      404,
      M.reportUnknownSession,
    );
    assert.deepEqual(await reportsOf(lesson.record_id), []);
    const zhangRows = await server.db
      .select()
      .from(studyReports)
      .where(eq(studyReports.learnerId, await learnerId(ZHANG.idNumber)))
      .orderBy(asc(studyReports.id));
    assert.equal(zhangRows.at(-1)?.outcome, 'unknown_session');
    assert.equal(zhangRows.at(-1)?.courseId, null);
  });

  test('two reports of one learner in the same statement batch are judged one after the other', async () => {
    const course = await courseNamed(ELECTIVE);
    const lesson = dataOf(await detail(wang, course.id)) as LessonDetail;
    const start = lesson.progress.learn_time;
    server.clock.advance(10_000);
    const reports = progressReports(server.db, server.clock);
    const wangId = await learnerId(WANG.idNumber);
    const seqOf = async () =>
      (await server.db.select({ seq: learners.studyReportSeq }).from(learners).where(eq(learners.id, wangId)))[0]!.seq;
    const seqBefore = await seqOf();
    const claim = (position: number) => ({
      learnerId: wangId,
      recordId: lesson.record_id,
      courseId: course.id,
      kind: 'professional' as const,
      position,
    });
    // 10 s after opening, either claim alone is honest (at most 10 + 5 s ahead). One after
    // the other, +9 after +15 goes backwards, while +15 after +9 is still within the wall
    // time since opening. Judged on the same facts, both would pass and the session could
    // end at +9. Called in one turn of the event loop, they read their facts in one statement.
    const answers = await Promise.all([reports.record(claim(start + 15)), reports.record(claim(start + 9))]);
    const outcomes = answers.map((answer) => answer.outcome);
    assert.ok(
      JSON.stringify(outcomes) === JSON.stringify(['accepted', 'backwards']) ||
        JSON.stringify(outcomes) === JSON.stringify(['accepted', 'accepted']),
      outcomes.join(),
    );
    const [session] = await server.db.select().from(studySessions).where(eq(studySessions.id, lesson.record_id));
    assert.equal(session?.positionSeconds, start + 15);
    assert.equal((await reportsOf(lesson.record_id)).length, 2);
    assert.equal(await seqOf(), seqBefore + 2);
  });

  test('a report whose facts another report changed before it was written is judged again on fresh facts', async () => {
    const course = await courseNamed(ELECTIVE);
    const lesson = dataOf(await detail(wang, course.id)) as LessonDetail;
    const start = lesson.progress.learn_time;
    server.clock.advance(10_000);
    const wangId = await learnerId(WANG.idNumber);
    const claim = (position: number) => ({
      learnerId: wangId,
      recordId: lesson.record_id,
      courseId: course.id,
      kind: 'professional' as const,
      position,
    });
    const other = progressReports(server.db, server.clock);
    let raced = false;
    const racing = progressReports(server.db, server.clock, {
      beforeWrite: async () => {
        if (raced) return;
        raced = true;
        // Between this report's read and its write, another tab reports +15 and is accepted.
        assert.equal((await other.record(claim(start + 15))).outcome, 'accepted');
      },
    });
    // +9 was honest on the facts it read (10 s after opening), but after +15 it goes backwards.
    assert.equal((await racing.record(claim(start + 9))).outcome, 'backwards');
    const [session] = await server.db.select().from(studySessions).where(eq(studySessions.id, lesson.record_id));
    assert.equal(session?.positionSeconds, start + 15);
    assert.deepEqual(
      (await reportsOf(lesson.record_id)).map((row) => row.outcome),
      ['accepted', 'backwards'],
    );
  });

  test('reports queued in the browser while offline, sent late and in order, are each accepted (issue 16 item 18)', async () => {
    const course = await courseNamed(ELECTIVE);
    const lesson = dataOf(await detail(wang, course.id)) as LessonDetail;
    const start = lesson.progress.learn_time;
    server.clock.advance(10_000);
    dataOf(await report(wang, course.id, lesson.record_id, start + 10));
    // The network drops for 30 s while the lesson plays on: three reports wait in the
    // browser and are sent one after the other, at the same instant, when it returns.
    server.clock.advance(31_000);
    for (const position of [start + 20, start + 30, start + 40]) {
      const answer = dataOf(await report(wang, course.id, lesson.record_id, position)) as ProgressReportResponse;
      assert.equal(answer.learn_time, position);
    }
    // Late is not a licence to run ahead: nothing beyond the wall time since opening (+5 s).
    assertRefused(await report(wang, course.id, lesson.record_id, start + 47), 409, M.reportTooFast);
    server.clock.advance(10_000);
    dataOf(await report(wang, course.id, lesson.record_id, start + 50));
    assert.deepEqual(
      (await reportsOf(lesson.record_id)).map((r) => r.outcome),
      ['accepted', 'accepted', 'accepted', 'accepted', 'too_fast', 'accepted'],
    );
  });

  test('a timer throttled in a background tab reports a minute of honest play at once, and is accepted', async () => {
    const course = await courseNamed('糖尿病药物治疗与血糖管理');
    const lesson = dataOf(await detail(wang, course.id)) as LessonDetail;
    const start = lesson.progress.learn_time;
    server.clock.advance(60_500);
    const answer = dataOf(await report(wang, course.id, lesson.record_id, start + 60)) as ProgressReportResponse;
    assert.equal(answer.learn_time, start + 60);
  });

  test('many small reports cannot add up to faster-than-real play: the tolerance is spent once per session', async () => {
    const course = await courseNamed('中药饮片调剂与质量鉴别');
    const lesson = dataOf(await detail(wang, course.id)) as LessonDetail;
    const start = lesson.progress.learn_time;
    // One report a second, each 6 s further: 6× real time. Only the first fits.
    server.clock.advance(1_000);
    dataOf(await report(wang, course.id, lesson.record_id, start + 6));
    server.clock.advance(1_000);
    assertRefused(await report(wang, course.id, lesson.record_id, start + 12), 409, M.reportTooFast);
    server.clock.advance(1_000);
    assertRefused(await report(wang, course.id, lesson.record_id, start + 12), 409, M.reportTooFast);
  });

  test('an accepted report of a session whose course has no progress row yet starts one', async () => {
    const course = await courseNamed(ELECTIVE);
    const lesson = dataOf(await detail(wang, course.id)) as LessonDetail;
    const start = lesson.progress.learn_time;
    const wangId = await learnerId(WANG.idNumber);
    const where = and(eq(courseProgress.learnerId, wangId), eq(courseProgress.courseId, course.id));
    await server.db.delete(courseProgress).where(where);
    server.clock.advance(5_000);
    const answer = dataOf(await report(wang, course.id, lesson.record_id, start + 5)) as ProgressReportResponse;
    assert.equal(answer.learn_time, start + 5);
    const [started] = await server.db.select().from(courseProgress).where(where);
    assert.equal(started?.verifiedSeconds, start + 5);
    assert.equal(started?.completedAt, null);
  });

  test('two concurrent final reports complete the course once', async () => {
    const course = await courseNamed(SHORT);
    const lesson = dataOf(await detail(wang, course.id)) as LessonDetail;
    server.clock.advance(31_000);
    const [a, b] = await Promise.all([
      report(wang, course.id, lesson.record_id, 30, { state: 2 }),
      report(wang, course.id, lesson.record_id, 30, { state: 2 }),
    ]);
    // One completes the course; the other, judged after it (the learner's report
    // sequence), finds it complete and records nothing more.
    const answers = [a, b].sort((x, y) => x.status - y.status);
    assert.equal((dataOf(answers[0]!) as ProgressReportResponse).progress, 100);
    assertRefused(answers[1]!, 409, M.reportAlreadyCompleted);
    const rows = await reportsOf(lesson.record_id);
    assert.equal(rows.filter((r) => r.completed).length, 1);
    const summary = dataOf(
      await authed(server, wang, 'GET', '/v1/mycourses', { year: YEAR, type: 1 }),
    ) as StudySummaryResponse;
    assert.equal(summary.complete, 3);
    const review = dataOf(await detail(wang, course.id)) as LessonDetail;
    assert.equal(review.record_id, 0);
    // The completed session plays no more: the learner's next lesson starts at once, with
    // no wait for LIVE_SESSION_SECONDS (and no close from the page, which may not arrive).
    const next = await courseNamed(IN_PROGRESS);
    const nextLesson = dataOf(await detail(wang, next.id)) as LessonDetail;
    server.clock.advance(1_000);
    dataOf(await report(wang, next.id, nextLesson.record_id, nextLesson.progress.learn_time));
  });

  test('a public report counts the same way and answers its percentage', async () => {
    const course = await courseNamed(PUBLIC_IN_PROGRESS);
    const lesson = dataOf(
      await authed(server, wang, 'GET', '/v1/public_courses_detail', { course_id: course.id }),
    ) as LessonDetail;
    server.clock.advance(9_000);
    const answer = dataOf(
      await authed(server, wang, 'POST', '/v1/public_courses_recordProgress', {
        record_id: lesson.record_id,
        duration: lesson.progress.learn_time + 9,
        total_duration: 30,
      }),
    ) as ProgressReportResponse;
    assert.equal(answer.percentage, 50);
    assertRefused(
      await authed(server, wang, 'POST', '/v1/public_courses_recordProgress', {
        record_id: lesson.record_id,
        duration: 29,
        total_duration: 30,
      }),
      409,
      M.reportTooFast,
    );
    assertRefused(
      await authed(server, wang, 'POST', '/v1/public_courses_recordProgress', { record_id: 'x', duration: 1 }),
      400,
      /record_id/,
    );
  });
});

describe('rating and the last course', () => {
  test('a finished course is rated once; an unfinished one cannot be; grades are 1–4', async () => {
    const unrated = await courseNamed(UNRATED);
    assertRefused(
      await authed(server, wang, 'POST', '/v1/course_evaluate', { course_id: unrated.id, stu_grade: 5, type: 0 }),
      400,
      /stu_grade/,
    );
    dataOf(
      await authed(server, wang, 'POST', '/v1/course_evaluate', {
        course_id: unrated.id,
        stu_grade: 3,
        stu_commont: '讲解清楚',
        type: 0,
      }),
    );
    assertRefused(
      await authed(server, wang, 'POST', '/v1/course_evaluate', { course_id: unrated.id, stu_grade: 4, type: 0 }),
      409,
      M.alreadyRated,
    );
    const inProgress = await courseNamed(IN_PROGRESS);
    assertRefused(
      await authed(server, wang, 'POST', '/v1/course_evaluate', { course_id: inProgress.id, stu_grade: 4, type: 0 }),
      409,
      M.notFinishedForRating,
    );
    assertRefused(
      await authed(server, zhang, 'POST', '/v1/course_evaluate', { course_id: unrated.id, stu_grade: 4, type: 0 }),
      403,
      M.notEnrolled,
    );
  });

  test('course_last says 1 only when every course of the year is finished', async () => {
    const rated = await courseNamed(RATED);
    assert.deepEqual(
      dataOf(await authed(server, wang, 'GET', '/v1/course_last', { year: YEAR, course_id: rated.id })),
      { is_last: 0 },
    );
    const publicDone = await courseNamed(PUBLIC_DONE);
    assert.deepEqual(
      dataOf(await authed(server, wang, 'GET', '/v1/checkPubliccourse', { year: YEAR, course_id: publicDone.id })),
      { is_last: 0 },
    );
    assertRefused(
      await authed(server, zhang, 'GET', '/v1/course_last', { year: YEAR, course_id: rated.id }),
      403,
      M.notEnrolled,
    );
  });
});

describe('public quiz and face comparison', () => {
  test('a question without its answer; the server checks the answer and keeps every one', async () => {
    const course = await courseNamed(PUBLIC_IN_PROGRESS);
    const question = dataOf(
      await authed(server, wang, 'GET', '/v1/public_courses_examList', { course_id: course.id, percentage: 35 }),
    ) as QuizQuestion;
    assert.equal(question.percentage, 35);
    assert.ok(question.pc_options.length >= 2);
    assert.equal('answer' in question, false);
    const [stored] = await server.db.select().from(publicQuizQuestions).where(eq(publicQuizQuestions.id, question.qid));
    const wrong = stored!.answer === 1 ? 2 : 1;
    const submit = (answer: number | string, isPass: number) =>
      authed(server, wang, 'POST', '/v1/public_courses_examResult', {
        course_id: course.id,
        question_details: JSON.stringify([{ qid: question.qid, percentage: 35, answer }]),
        is_pass: isPass,
        is_exam: 1,
      });
    assert.deepEqual(dataOf(await submit(wrong, 1)), { is_pass: 0 }); // the client's is_pass is ignored
    assert.deepEqual(dataOf(await submit(String.fromCharCode(64 + stored!.answer), 0)), { is_pass: 1 });
    const answers = await server.db
      .select()
      .from(publicQuizAnswers)
      .where(eq(publicQuizAnswers.questionId, question.qid));
    assert.deepEqual(
      answers.map((a) => a.correct),
      [false, true],
    );
    assertRefused(
      await authed(server, wang, 'GET', '/v1/public_courses_examList', { course_id: course.id, percentage: 40 }),
      400,
      M.quizNotFound,
    );
    assertRefused(
      await authed(server, zhang, 'GET', '/v1/public_courses_examList', { course_id: course.id, percentage: 35 }),
      403,
      M.notEnrolled,
    );
    assertRefused(
      await authed(server, wang, 'POST', '/v1/public_courses_examResult', {
        course_id: course.id,
        question_details: '{not json',
      }),
      400,
      M.quizAnswerInvalid,
    );
  });

  test('each public course asks its own questions, on its own subject (issue 16 item 9)', async () => {
    const askedBy = new Map<number, number[]>();
    for (const name of [PUBLIC_DONE, PUBLIC_IN_PROGRESS]) {
      const course = await courseNamed(name);
      const titles: string[] = [];
      const qids: number[] = [];
      for (const percentage of PUBLIC_QUIZ_PERCENTS) {
        const question = dataOf(
          await authed(server, wang, 'GET', '/v1/public_courses_examList', { course_id: course.id, percentage }),
        ) as QuizQuestion;
        const [stored] = await server.db
          .select()
          .from(publicQuizQuestions)
          .where(eq(publicQuizQuestions.id, question.qid));
        assert.equal(stored?.courseId, course.id, `${name} ${percentage}%`);
        titles.push(question.title);
        qids.push(question.qid);
      }
      // One question per pop-up point, every one from this course's own questions.
      assert.equal(new Set(titles).size, PUBLIC_QUIZ_PERCENTS.length);
      const own = new Set((PUBLIC_QUIZ_QUESTIONS[name] ?? []).map((question) => question.title));
      assert.ok(
        titles.every((title) => own.has(title)),
        titles.join(' / '),
      );
      askedBy.set(course.id, qids);
    }
    // Another course's question is not this course's quiz.
    const [done, inProgress] = [...askedBy.keys()];
    assertRefused(
      await authed(server, wang, 'POST', '/v1/public_courses_examResult', {
        course_id: inProgress!,
        question_details: JSON.stringify([{ qid: askedBy.get(done!)![0], percentage: 35, answer: 'A' }]),
      }),
      404,
      M.quizNotFound,
    );
  });

  test('the seed gives every demo public course, in every year, five questions of its own', async () => {
    const publicCourses = await server.db.select().from(courses).where(eq(courses.kind, 'public'));
    assert.ok(publicCourses.length >= 8);
    for (const course of publicCourses) {
      const questions = await server.db
        .select()
        .from(publicQuizQuestions)
        .where(eq(publicQuizQuestions.courseId, course.id));
      assert.equal(questions.length, PUBLIC_QUIZ_PERCENTS.length, course.name);
      assert.ok(questions.every((question) => question.answer >= 1 && question.answer <= question.options.length));
    }
  });

  test('public_courses_facecompare keeps the photo with its course, percent and time', async () => {
    const course = await courseNamed(PUBLIC_IN_PROGRESS);
    const avatar = `data:image/jpeg;base64,${JPEG_BYTES.toString('base64')}`;
    assert.deepEqual(
      dataOf(
        await authed(server, wang, 'POST', '/v1/public_courses_facecompare', {
          avatar,
          course_id: course.id,
          percent: 50,
        }),
      ),
      { result: 1 },
    );
    const [photo] = await server.db.select().from(facePhotos).where(eq(facePhotos.courseId, course.id));
    assert.equal(photo?.percent, 50);
    assert.deepEqual(photo?.createdAt, server.clock.now());
    assertRefused(
      await authed(server, zhang, 'POST', '/v1/public_courses_facecompare', { avatar, course_id: course.id }),
      403,
      M.notEnrolled,
    );
  });
});

describe('one study session at a time: a reload, a reopen or a killed tab never locks the learner out', () => {
  /** 王芳's unfinished professional courses of at least 90 s, furthest from their end first. */
  async function roomyCourses() {
    const id = await learnerId(WANG.idNumber);
    const rows = await server.db
      .select({ id: courses.id, duration: courses.durationSeconds, verified: courseProgress.verifiedSeconds })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .leftJoin(courseProgress, and(eq(courseProgress.learnerId, id), eq(courseProgress.courseId, courses.id)))
      .where(and(eq(enrolments.learnerId, id), isNull(enrolments.withdrawnAt), eq(courses.kind, 'professional')));
    return rows
      .filter((row) => (row.duration ?? 0) >= 90 && (row.verified ?? 0) <= (row.duration ?? 0) - 60)
      .sort((a, b) => (b.duration ?? 0) - (b.verified ?? 0) - ((a.duration ?? 0) - (a.verified ?? 0)));
  }

  async function verifiedOf(courseId: number): Promise<number> {
    const [row] = await server.db
      .select({ verified: courseProgress.verifiedSeconds })
      .from(courseProgress)
      .where(and(eq(courseProgress.learnerId, await learnerId(WANG.idNumber)), eq(courseProgress.courseId, courseId)));
    return row?.verified ?? 0;
  }

  test('the page that closes ends its session: a reopen plays at once, and nothing is credited twice', async () => {
    const [course] = await roomyCourses();
    const first = dataOf(await detail(wang, course!.id)) as LessonDetail;
    const start = first.progress.learn_time;
    server.clock.advance(10_000);
    dataOf(await report(wang, course!.id, first.record_id, start + 10));
    // pagehide: the closing tab sends state 3; a new tab opens a new session a moment later.
    server.clock.advance(1_000);
    dataOf(await report(wang, course!.id, first.record_id, start + 11, { state: 3 }));
    const reopened = dataOf(await detail(wang, course!.id)) as LessonDetail;
    assert.notEqual(reopened.record_id, first.record_id);
    assert.equal(reopened.progress.learn_time, start + 10);
    server.clock.advance(10_000);
    const answer = dataOf(await report(wang, course!.id, reopened.record_id, start + 20)) as ProgressReportResponse;
    assert.equal(answer.learn_time, start + 20);
  });

  test('a killed tab (no word from it) is taken over by the next play start once it is silent', async () => {
    const [course] = await roomyCourses();
    const dead = dataOf(await detail(wang, course!.id)) as LessonDetail;
    const start = dead.progress.learn_time;
    server.clock.advance(10_000);
    dataOf(await report(wang, course!.id, dead.record_id, start + 10));
    // The tab is killed right after; the learner reopens the lesson and presses play.
    server.clock.advance(3_000);
    const next = dataOf(await detail(wang, course!.id)) as LessonDetail;
    server.clock.advance(10_000);
    const answer = dataOf(await report(wang, course!.id, next.record_id, start + 20)) as ProgressReportResponse;
    assert.equal(answer.learn_time, start + 20);
    // The killed session was ended: were its page alive after all, it is now the second one.
    const [deadRow] = await server.db.select().from(studySessions).where(eq(studySessions.id, dead.record_id));
    assert.equal(deadRow?.playingAt, null);
    server.clock.advance(5_000);
    assertRefused(await report(wang, course!.id, dead.record_id, start + 25), 409, M.reportSecondSession);
    server.clock.advance(5_000);
    dataOf(await report(wang, course!.id, next.record_id, start + 30));
    assert.equal(await verifiedOf(course!.id), start + 30);
  });

  test('two places playing at once: the second is refused; 在此继续学习 moves study there without double credit', async () => {
    const [a, b] = await roomyCourses();
    const here = dataOf(await detail(wang, a!.id)) as LessonDetail;
    const there = dataOf(await detail(wang, b!.id)) as LessonDetail;
    const hereStart = here.progress.learn_time;
    const thereStart = there.progress.learn_time;
    server.clock.advance(10_000);
    dataOf(await report(wang, a!.id, here.record_id, hereStart + 10));
    // The other place is really playing: refused, even at its play start.
    server.clock.advance(1_000);
    assertRefused(await report(wang, b!.id, there.record_id, thereStart + 1), 409, M.reportSecondSession);
    // The first plays on for 30 s more while the second waits.
    for (let i = 2; i <= 4; i += 1) {
      server.clock.advance(i === 2 ? 9_000 : 10_000);
      dataOf(await report(wang, a!.id, here.record_id, hereStart + i * 10));
    }
    // 在此继续学习 on the second: it continues from its verified point, the first stops.
    const moved = dataOf(await report(wang, b!.id, there.record_id, 0, { state: 4 })) as ProgressReportResponse;
    assert.equal(moved.learn_time, thereStart);
    assert.equal((await reportsOf(there.record_id)).at(-1)?.outcome, 'takeover');
    server.clock.advance(10_000);
    assertRefused(await report(wang, a!.id, here.record_id, hereStart + 50), 409, M.reportSecondSession);
    // The 40 s it waited were the first one's: claiming them now is faster than real play.
    assertRefused(await report(wang, b!.id, there.record_id, thereStart + 45), 409, M.reportTooFast);
    dataOf(await report(wang, b!.id, there.record_id, thereStart + 10));
    assert.equal(await verifiedOf(a!.id), hereStart + 40);
    assert.equal(await verifiedOf(b!.id), thereStart + 10);
    // And back: the first takes over again, credited only from now.
    dataOf(await report(wang, a!.id, here.record_id, 0, { state: 4 }));
    server.clock.advance(10_000);
    assertRefused(await report(wang, b!.id, there.record_id, thereStart + 20), 409, M.reportSecondSession);
    assertRefused(await report(wang, a!.id, here.record_id, hereStart + 60), 409, M.reportTooFast);
    dataOf(await report(wang, a!.id, here.record_id, hereStart + 50));
  });

  test('a page paused for a moment keeps its session; a new play start elsewhere takes it over once silent', async () => {
    const [course] = await roomyCourses();
    const paused = dataOf(await detail(wang, course!.id)) as LessonDetail;
    const start = paused.progress.learn_time;
    server.clock.advance(10_000);
    dataOf(await report(wang, course!.id, paused.record_id, start + 10));
    // The same page plays on after a pause of a minute: still its session.
    server.clock.advance(60_000);
    dataOf(await report(wang, course!.id, paused.record_id, start + 20));
    // Paused again; a tab opened a few seconds later and played is refused while it may still be playing …
    const other = dataOf(await detail(wang, course!.id)) as LessonDetail;
    server.clock.advance(5_000);
    assertRefused(await report(wang, course!.id, other.record_id, start + 20), 409, M.reportSecondSession);
    // … and plays once the paused page has been silent for its report interval and two seconds.
    server.clock.advance(10_000);
    dataOf(await report(wang, course!.id, other.record_id, start + 25));
  });

  test('a takeover of a finished course, or of another learner’s session, changes nothing', async () => {
    const finished = await courseNamed(RATED);
    const [course] = await roomyCourses();
    const mine = dataOf(await detail(wang, course!.id)) as LessonDetail;
    assertRefused(await report(zhang, course!.id, mine.record_id, 0, { state: 4 }), 404, M.reportUnknownSession);
    const [row] = await server.db.select().from(studySessions).where(eq(studySessions.id, mine.record_id));
    assert.equal(row?.playingAt, null);
    const review = dataOf(await detail(wang, finished.id)) as LessonDetail;
    assert.equal(review.record_id, 0);
  });
});
