import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { desc } from 'drizzle-orm';
import type { CourseYear, YearPreview } from '@yaoshi/contracts/course-admin';
import { STUDY_YEAR_MESSAGES as Y } from '@yaoshi/contracts/study-year-rules';
import { SELECTION_MESSAGES } from '@yaoshi/contracts/course-selection-rules';
import { auditRecords } from '../audit/audit-schema';
import { parseBeijingTime } from '@yaoshi/contracts/beijing-time';
import { CHEN, assertRefused, authed, dataOf, loginToken } from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { TEST_START, startTestServer, type TestServer } from '../test-support/test-server';

// The demo's current year is the test clock's (2025); next year is prepared in the console.
let server: TestServer;
let staff: TestStaff;
let learner: string;

before(async () => {
  server = await startTestServer();
  staff = await signedInStaff(server, ['管理员', '学员管理', '课程管理']);
  learner = await loginToken(server, CHEN.phone, CHEN.password);
});
after(() => server.close());

const asStaff = (method: 'GET' | 'POST', route: string, payload?: Record<string, unknown>) =>
  authed(server, staff.token, method, route, payload);
const asLearner = (method: 'GET' | 'POST', route: string, payload?: Record<string, unknown>) =>
  authed(server, learner, method, route, payload);

/** Moves the clock (sessions expire across months: both sign in again). */
async function at(time: string | Date) {
  server.clock.set(typeof time === 'string' ? parseBeijingTime(time) : time);
  learner = await loginToken(server, CHEN.phone, CHEN.password);
  staff = await signedInStaff(server, ['管理员', '学员管理', '课程管理']);
}

const NEXT = {
  year: 2026,
  is_buxue: false,
  need_all: 1,
  course_type_tip: '2026年度专业课须修满60学时。',
  opens_on: '2025-11-15',
  closes_on: '2026-12-31',
  hour_price: 5,
  sort_order: 0,
  study_starts_on: '2026-01-01',
  study_ends_on: '2026-12-31',
  default_from: '2026-01-01',
};

/** What every default-picking page opens on now, learner and console alike. */
async function defaults() {
  const years = dataOf(await asLearner('GET', '/v1/academic_year')) as { year: number }[];
  const publicYears = dataOf(await asLearner('GET', '/v1/public_courses_year')) as { year: number }[];
  const myCourse = dataOf(await asLearner('GET', '/v1/mycourses', { type: 1 })) as {
    year: number;
    total: number;
    years: { year: number }[];
  };
  const publicCourse = dataOf(await asLearner('GET', '/v1/public_courses_my', {})) as { year: number };
  const home = dataOf(await authed(server, learner, 'GET', '/v1/adv')) as { study_year: number | null };
  const report = dataOf(await asStaff('GET', '/v1/admin/reports/year', {})) as { year: number };
  const reviews = dataOf(await asStaff('GET', '/v1/admin/archive_reviews', {})) as { year: number };
  const consoleYears = dataOf(await asStaff('GET', '/v1/admin/course_years')) as CourseYear[];
  return {
    signStudy: years[0]?.year,
    learnerYears: years.map((row) => row.year),
    publicSignStudy: publicYears[0]?.year,
    myCourse: myCourse.year,
    myCourseYears: myCourse.years.map((row) => row.year),
    myCourseTotal: myCourse.total,
    publicCourse: publicCourse.year,
    home: home.study_year,
    report: report.year,
    reviews: reviews.year,
    consoleCurrent: consoleYears.filter((row) => row.is_current).map((row) => row.year),
  };
}

function assertAllOn(seen: Awaited<ReturnType<typeof defaults>>, year: number) {
  for (const page of ['signStudy', 'publicSignStudy', 'myCourse', 'publicCourse', 'home', 'report', 'reviews'] as const)
    assert.equal(seen[page], year, `${page} opens on ${String(seen[page])}`);
  assert.deepEqual(seen.consoleCurrent, [year]);
}

describe('next year is prepared without changing this year', () => {
  test('a new year is a draft: learners neither see it nor open on it, every page stays on this year', async () => {
    const before = await defaults();
    assertAllOn(before, 2025);
    assert.ok(before.myCourseTotal > 0, '陈静 has courses this year');

    const created = dataOf(await asStaff('POST', '/v1/admin/course_years/create', NEXT)) as CourseYear;
    assert.equal(created.status, 'draft');
    assert.equal(created.is_current, false);
    assert.equal(created.default_from, '2026-01-01');

    const seen = await defaults();
    assertAllOn(seen, 2025);
    assert.ok(!seen.learnerYears.includes(2026), 'the draft is not listed to learners');
    assert.ok(!seen.myCourseYears.includes(2026));
    assert.equal(seen.myCourseTotal, before.myCourseTotal, '专业课学习 still lists this year’s courses');
    // Asked for by number, the draft is as unknown as a year that does not exist.
    assertRefused(await asLearner('GET', '/v1/get_course_type', { year: 2026 }), 400, SELECTION_MESSAGES.yearUnknown);
    assertRefused(
      await asLearner('GET', '/v1/webcourses', { year: 2026, type: 1 }),
      400,
      SELECTION_MESSAGES.yearUnknown,
    );
  });

  test('staff preview the draft as a learner would see its selection', async () => {
    await asStaff('POST', '/v1/admin/courses/create', {
      year: 2026,
      name: '2026年度药事法规更新',
      kind: 'compulsory',
      face_to_face: false,
      credit: 3,
      class_hour: 3,
      price: 15,
      teacher_name: '何静',
      teacher_description: '',
      description: '',
      quiz_points: [],
      sort_order: 0,
    });
    const preview = dataOf(await asStaff('GET', '/v1/admin/course_years/preview', { year: 2026 })) as YearPreview;
    assert.equal(preview.status, 'draft');
    assert.equal(preview.msg1, NEXT.course_type_tip);
    assert.deepEqual(
      preview.professional.map((course) => [course.name, course.class_hour, course.price, course.course_type]),
      [['2026年度药事法规更新', 3, 15, 1]],
    );
    // Still nothing for learners.
    assert.ok(
      !(dataOf(await asLearner('GET', '/v1/academic_year')) as { year: number }[]).some((y) => y.year === 2026),
    );
  });

  test('opening needs its dates, is audited, and the year appears on its opening day and becomes default on its day', async () => {
    await asStaff('POST', '/v1/admin/course_years/update', { ...NEXT, default_from: null });
    assertRefused(await asStaff('POST', '/v1/admin/course_years/open', { year: 2026 }), 400, Y.openNeedsDates);
    await asStaff('POST', '/v1/admin/course_years/update', NEXT);

    const opened = dataOf(await asStaff('POST', '/v1/admin/course_years/open', { year: 2026 })) as CourseYear;
    assert.equal(opened.status, 'scheduled');
    assert.equal(opened.opened_by, staff.username);
    const [audit] = await server.db.select().from(auditRecords).orderBy(desc(auditRecords.id)).limit(1);
    assert.equal(audit!.action, 'course-year.open');
    assert.equal(audit!.target, '2026年度');
    assert.equal((audit!.before as CourseYear).status, 'draft');
    assert.equal((audit!.after as CourseYear).status, 'scheduled');
    assertRefused(await asStaff('POST', '/v1/admin/course_years/open', { year: 2026 }), 409, Y.alreadyOpen);
    // Opened, its dates can no longer be cleared.
    assertRefused(
      await asStaff('POST', '/v1/admin/course_years/update', { ...NEXT, study_starts_on: null }),
      400,
      Y.openedKeepsDates,
    );

    // Before its enrolment opens: still invisible.
    assertAllOn(await defaults(), 2025);
    assert.ok(!(await defaults()).learnerYears.includes(2026));

    // Enrolment open (Beijing day 2025-11-15): listed, but this year stays the default.
    await at('2025-11-15 00:00:05');
    const november = await defaults();
    assertAllOn(november, 2025);
    assert.ok(november.learnerYears.includes(2026));
    const courseType = dataOf(await asLearner('GET', '/v1/get_course_type', { year: 2026 })) as { msg1: string };
    assert.equal(courseType.msg1, NEXT.course_type_tip);

    // From its default day (Beijing midnight, 1 January), every page opens on 2026.
    await at('2025-12-31 23:59:00');
    assertAllOn(await defaults(), 2025);
    await at('2026-01-01 00:00:30');
    assertAllOn(await defaults(), 2026);
    await at(TEST_START);
  });
});
