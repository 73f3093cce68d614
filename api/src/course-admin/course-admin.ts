import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, or, sql, gt, isNotNull } from 'drizzle-orm';
import type {
  AdminCourse,
  AdminCourseDetail,
  CourseInput,
  CourseYear,
  CourseYearInput,
  LessonVersion,
  YearPreview,
} from '@yaoshi/contracts/course-admin';
import { beijingDayOf } from '@yaoshi/contracts/beijing-time';
import { STUDY_YEAR_MESSAGES as Y, studyYearStatusOf } from '@yaoshi/contracts/study-year-rules';
import { currentStudyYear, staffStudyYears } from '../catalogue/study-years';
import { catalogueOf, selectionCourseOf } from '../enrolment/catalogue';
import {
  COURSE_ADMIN_LIMITS,
  COURSE_ADMIN_MESSAGES as M,
  COURSE_KIND_CHOICES,
  FROZEN_AFTER_ORDER,
  courseKindChoiceOf,
  fenOfYuan,
  normalisedPoints,
  tenthsOf,
} from '@yaoshi/contracts/course-admin-rules';
import { PUBLIC_COURSE_PRICE_FEN } from '@yaoshi/contracts/credit-rules';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { Audit } from '../audit/audit-log';
import { academicYears, courseLessons, courses } from '../catalogue/catalogue-schema';
import { orderCourses } from '../orders/orders-schema';
import { courseProgress } from '../study/study-schema';
import { badInput, conflict, notFound } from '../envelope/api-error';
import { publicMediaUrl } from '../media/private-media';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import type { Storage } from '../storage/storage';
import { transcodesOf } from '../video-transcode/lesson-transcodes';

type YearRow = typeof academicYears.$inferSelect;
type CourseRow = typeof courses.$inferSelect;

const FROZEN_REASON = M.frozen;

function yearOf(row: YearRow, courseCount: number, now: Date, current: number | null): CourseYear {
  return {
    year: row.year,
    is_buxue: row.isBuxue,
    need_all: row.needAll,
    course_type_tip: row.courseTypeTip,
    opens_on: row.opensOn,
    closes_on: row.closesOn,
    hour_price: row.hourPriceFen / 100,
    sort_order: row.sortOrder,
    course_count: courseCount,
    study_starts_on: row.studyStartsOn,
    study_ends_on: row.studyEndsOn,
    default_from: row.defaultFrom,
    status: studyYearStatusOf(row, beijingDayOf(now)),
    opened_at: row.openedAt === null ? null : formatBeijingTime(row.openedAt),
    opened_by: row.openedBy,
    is_current: row.year === current,
  };
}

async function courseCountOf(db: Database, year: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(courses).where(eq(courses.year, year));
  return Number(row?.n ?? 0);
}

/** One year as the console shows it, with whether it is the current year now. */
async function courseYearOf(db: Database, row: YearRow, now: Date): Promise<CourseYear> {
  const current = await currentStudyYear(db, now);
  return yearOf(row, await courseCountOf(db, row.year), now, current?.year ?? null);
}

export async function listCourseYears(db: Database, now: Date): Promise<CourseYear[]> {
  const { years: rows } = await staffStudyYears(db, now);
  const current = await currentStudyYear(db, now);
  const counts = await db.select({ year: courses.year, n: count() }).from(courses).groupBy(courses.year);
  const byYear = new Map(counts.map((row) => [row.year, Number(row.n)]));
  return rows.map((row) => yearOf(row, byYear.get(row.year) ?? 0, now, current?.year ?? null));
}

function yearValues(input: CourseYearInput) {
  return {
    isBuxue: input.is_buxue,
    needAll: input.need_all,
    courseTypeTip: input.course_type_tip.trim(),
    opensOn: input.opens_on,
    closesOn: input.closes_on,
    hourPriceFen: fenOfYuan(input.hour_price)!,
    sortOrder: input.sort_order,
    studyStartsOn: input.study_starts_on ?? null,
    studyEndsOn: input.study_ends_on ?? null,
    defaultFrom: input.default_from ?? null,
  };
}

/** The dates a year must have to be opened, and to stay open. */
function hasOpeningDates(row: Pick<YearRow, 'opensOn' | 'studyStartsOn' | 'studyEndsOn' | 'defaultFrom'>): boolean {
  return row.opensOn !== null && row.studyStartsOn !== null && row.studyEndsOn !== null && row.defaultFrom !== null;
}

/** A new year is a draft: prepared here, invisible to learners until it is opened. */
export async function createCourseYear(
  tx: Database,
  audit: Audit,
  input: CourseYearInput,
  now: Date,
): Promise<CourseYear> {
  const [row] = await tx
    .insert(academicYears)
    .values({ year: input.year, ...yearValues(input) })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(M.yearExists);
  const after = await courseYearOf(tx, row, now);
  await audit({ action: 'course-year.create', target: `${row.year}年度`, after });
  return after;
}

export async function updateCourseYear(
  tx: Database,
  audit: Audit,
  input: CourseYearInput,
  now: Date,
): Promise<CourseYear> {
  const [before] = await tx.select().from(academicYears).where(eq(academicYears.year, input.year)).for('update');
  if (!before) throw notFound(M.yearUnknown);
  const values = yearValues(input);
  // Years opened before opening dates existed keep working without them; a date once set stays.
  if (before.openedAt !== null && hasOpeningDates(before) && !hasOpeningDates(values))
    throw badInput(Y.openedKeepsDates);
  const beforeView = await courseYearOf(tx, before, now);
  const [row] = await tx.update(academicYears).set(values).where(eq(academicYears.year, input.year)).returning();
  const after = await courseYearOf(tx, row!, now);
  await audit({ action: 'course-year.update', target: `${row!.year}年度`, before: beforeView, after });
  return after;
}

/** 开放: the draft becomes visible to learners on its enrolment opening day. */
export async function openCourseYear(
  tx: Database,
  audit: Audit,
  input: { year: number },
  actor: string,
  now: Date,
): Promise<CourseYear> {
  const [before] = await tx.select().from(academicYears).where(eq(academicYears.year, input.year)).for('update');
  if (!before) throw notFound(M.yearUnknown);
  if (before.openedAt !== null) throw conflict(Y.alreadyOpen);
  if (!hasOpeningDates(before)) throw badInput(Y.openNeedsDates);
  const beforeView = await courseYearOf(tx, before, now);
  const [row] = await tx
    .update(academicYears)
    .set({ openedAt: now, openedBy: actor })
    .where(eq(academicYears.year, input.year))
    .returning();
  const after = await courseYearOf(tx, row!, now);
  await audit({ action: 'course-year.open', target: `${row!.year}年度`, before: beforeView, after });
  return after;
}

/** Any year, drafts included, as the learner's selection pages would list it (nothing owned yet). */
export async function previewCourseYear(db: Database, year: number, now: Date): Promise<YearPreview> {
  const [row] = await db.select().from(academicYears).where(eq(academicYears.year, year));
  if (!row) throw notFound(M.yearUnknown);
  const none = new Set<number>();
  const [professional, open] = await Promise.all([
    catalogueOf(db, year, 'professional'),
    catalogueOf(db, year, 'public'),
  ]);
  return {
    year,
    is_buxue: row.isBuxue,
    status: studyYearStatusOf(row, beijingDayOf(now)),
    need_all: row.needAll,
    msg1: row.courseTypeTip,
    professional: professional.map((course) => selectionCourseOf(course, none)),
    public: open.map((course) => selectionCourseOf(course, none)),
  };
}

async function orderCountsOf(db: Database, courseIds: number[] | null): Promise<Map<number, number>> {
  const rows = await db
    .select({ courseId: orderCourses.courseId, n: count() })
    .from(orderCourses)
    .where(courseIds === null ? undefined : sql`${orderCourses.courseId} in ${courseIds.length ? courseIds : [0]}`)
    .groupBy(orderCourses.courseId);
  return new Map(rows.map((row) => [row.courseId, Number(row.n)]));
}

async function currentVersionsOf(db: Database, courseIds: number[]): Promise<Map<number, number>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ courseId: courseLessons.courseId, version: sql<number>`max(${courseLessons.version})`.mapWith(Number) })
    .from(courseLessons)
    .where(sql`${courseLessons.courseId} in ${courseIds}`)
    .groupBy(courseLessons.courseId);
  return new Map(rows.map((row) => [row.courseId, row.version]));
}

function courseOf(row: CourseRow, orders: number, version: number | undefined): AdminCourse {
  return {
    course_id: row.id,
    year: row.year,
    name: row.name,
    kind: courseKindChoiceOf(row.kind, row.courseType),
    face_to_face: row.delivery === 'face_to_face',
    credit: row.creditTenths / 10,
    class_hour: row.classHourTenths / 10,
    price: row.priceFen / 100,
    teacher_name: row.teacherName,
    teacher_description: row.teacherDescription,
    description: row.description,
    thumb_url: publicMediaUrl(row.thumb),
    teacher_avatar_url: publicMediaUrl(row.teacherAvatar),
    quiz_points: [...row.quizPercents].sort((a, b) => a - b),
    sort_order: row.sortOrder,
    video_url: publicMediaUrl(row.videoPath),
    duration: row.durationSeconds,
    face_points: [...row.faceCheckPercents].sort((a, b) => a - b),
    // A video from before versions counts as version 1.
    lesson_version: version ?? (row.videoPath === null ? 0 : 1),
    order_count: orders,
    frozen_fields: orders > 0 ? [...FROZEN_AFTER_ORDER] : [],
    frozen_reason: orders > 0 ? FROZEN_REASON : '',
  };
}

export async function listAdminCourses(db: Database, year: number): Promise<AdminCourse[]> {
  const rows = await db
    .select()
    .from(courses)
    .where(eq(courses.year, year))
    .orderBy(asc(courses.kind), asc(courses.courseType), asc(courses.sortOrder), asc(courses.id));
  const ids = rows.map((row) => row.id);
  const orders = await orderCountsOf(db, ids);
  const versions = await currentVersionsOf(db, ids);
  return rows.map((row) => courseOf(row, orders.get(row.id) ?? 0, versions.get(row.id)));
}

export async function adminCourseDetail(db: Database, courseId: number): Promise<AdminCourseDetail> {
  const [row] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!row) throw notFound(M.courseUnknown);
  const orders = await orderCountsOf(db, [courseId]);
  const versions = await db
    .select()
    .from(courseLessons)
    .where(eq(courseLessons.courseId, courseId))
    .orderBy(desc(courseLessons.version));
  const pinned = await db
    .select({ lessonId: courseProgress.lessonId, n: count() })
    .from(courseProgress)
    .where(
      and(
        eq(courseProgress.courseId, courseId),
        or(gt(courseProgress.verifiedSeconds, 0), isNotNull(courseProgress.completedAt)),
      ),
    )
    .groupBy(courseProgress.lessonId);
  const learnersOf = new Map(pinned.map((entry) => [entry.lessonId, Number(entry.n)]));
  const transcodes = await transcodesOf(db, [
    ...versions.map((version) => version.videoPath),
    ...(row.videoPath === null ? [] : [row.videoPath]),
  ]);
  const lessons: LessonVersion[] = versions.map((version, index) => ({
    lesson_id: version.id,
    version: version.version,
    video_url: publicMediaUrl(version.videoPath),
    duration: version.durationSeconds,
    face_points: [...version.faceCheckPercents].sort((a, b) => a - b),
    original_name: version.originalName,
    created_at: formatBeijingTime(version.createdAt),
    created_by: version.createdBy,
    // The newest version is the current one: learners not pinned to an older one study it.
    learners: (learnersOf.get(version.id) ?? 0) + (index === 0 ? (learnersOf.get(null) ?? 0) : 0),
    transcode: transcodes.get(version.videoPath) ?? null,
  }));
  return {
    ...courseOf(row, orders.get(courseId) ?? 0, versions[0]?.version),
    lessons,
    transcode: row.videoPath === null ? null : (transcodes.get(row.videoPath) ?? null),
  };
}

function courseValues(input: CourseInput) {
  const choice = COURSE_KIND_CHOICES[input.kind];
  const isPublic = choice.kind === 'public';
  if (isPublic && input.face_to_face) throw badInput(M.publicFaceToFace);
  const quiz = normalisedPoints(input.quiz_points);
  if (quiz === null) throw badInput(M.quizPointsInvalid);
  if (!isPublic && quiz.length > 0) throw badInput(M.quizOnlyPublic);
  return {
    name: input.name.trim(),
    kind: choice.kind,
    courseType: choice.courseType,
    delivery: input.face_to_face ? ('face_to_face' as const) : ('web' as const),
    creditTenths: tenthsOf(input.credit)!,
    classHourTenths: tenthsOf(input.class_hour)!,
    // Public sign-up charges nothing (credit-rules.ts).
    priceFen: isPublic ? PUBLIC_COURSE_PRICE_FEN : fenOfYuan(input.price)!,
    teacherName: input.teacher_name.trim(),
    teacherDescription: input.teacher_description.trim(),
    description: input.description.trim(),
    quizPercents: quiz,
    sortOrder: input.sort_order,
  };
}

async function refuseTakenName(
  tx: Database,
  values: { name: string; kind: string },
  year: number,
  exceptId: number | null,
): Promise<void> {
  const [taken] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.year, year), eq(courses.kind, values.kind as 'public'), eq(courses.name, values.name)));
  if (taken && taken.id !== exceptId) throw conflict(M.nameTaken);
}

export async function createAdminCourse(
  tx: Database,
  clock: Clock,
  audit: Audit,
  input: CourseInput & { year: number },
): Promise<AdminCourseDetail> {
  const [year] = await tx.select().from(academicYears).where(eq(academicYears.year, input.year));
  if (!year) throw notFound(M.yearUnknown);
  const values = courseValues(input);
  await refuseTakenName(tx, values, input.year, null);
  const [row] = await tx
    .insert(courses)
    .values({ ...values, year: input.year, createdAt: clock.now() })
    .returning({ id: courses.id });
  const detail = await adminCourseDetail(tx, row!.id);
  await audit({ action: 'course.create', target: `${input.year}年度 ${values.name}`, after: auditView(detail) });
  return detail;
}

/** What the audit record keeps of a course: its editable fields, not the lesson history. */
function auditView(course: AdminCourse): Record<string, unknown> {
  const { frozen_fields: _frozen, frozen_reason: _reason, order_count: _orders, ...rest } = course;
  return rest;
}

export async function updateAdminCourse(
  tx: Database,
  audit: Audit,
  input: CourseInput & { course_id: number },
): Promise<AdminCourseDetail> {
  // Locked, so an edit and a lesson replacement of one course run one after the other.
  const [row] = await tx.select().from(courses).where(eq(courses.id, input.course_id)).for('update');
  if (!row) throw notFound(M.courseUnknown);
  const before = await adminCourseDetail(tx, row.id);
  const values = courseValues(input);
  if (before.order_count > 0 && (values.priceFen !== row.priceFen || values.classHourTenths !== row.classHourTenths))
    throw conflict(M.frozen);
  await refuseTakenName(tx, values, row.year, row.id);
  if (row.delivery === 'web' && values.delivery === 'face_to_face' && row.videoPath !== null)
    throw badInput(M.faceToFaceNoVideo);
  await tx.update(courses).set(values).where(eq(courses.id, row.id));
  const after = await adminCourseDetail(tx, row.id);
  await audit({
    action: 'course.update',
    target: `${row.year}年度 ${after.name}`,
    before: auditView(before),
    after: auditView(after),
  });
  return after;
}

const IMAGE_KINDS: { ext: string; matches: (bytes: Buffer) => boolean }[] = [
  {
    ext: 'png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'webp',
    matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** Thumbnails live under `courses/thumbs/` in storage, named by their content. */
export const THUMBNAIL_FOLDER = 'courses/thumbs';
/** Teachers' photos live under `courses/teachers/` in storage, named by their content. */
export const TEACHER_AVATAR_FOLDER = 'courses/teachers';

/** A course's two pictures: the list's thumbnail and the teacher's photo on the lesson page. */
const COURSE_IMAGES = {
  thumb: { folder: THUMBNAIL_FOLDER, column: 'thumb', action: 'course.thumbnail' },
  teacherAvatar: { folder: TEACHER_AVATAR_FOLDER, column: 'teacherAvatar', action: 'course.teacher-avatar' },
} as const;
export type CourseImage = keyof typeof COURSE_IMAGES;

/** Stores one of a course's pictures (PNG, JPEG or WebP by its first bytes, at most 2 MB), audited. */
export async function saveCourseImage(
  tx: Database,
  audit: Audit,
  storage: Storage,
  which: CourseImage,
  input: { course_id: number; image_base64: string },
): Promise<AdminCourseDetail> {
  const slot = COURSE_IMAGES[which];
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(input.image_base64)) throw badInput(M.imageInvalid);
  const bytes = Buffer.from(input.image_base64, 'base64');
  if (bytes.length > COURSE_ADMIN_LIMITS.imageBytes) throw badInput(M.imageTooLarge);
  const kind = IMAGE_KINDS.find((candidate) => candidate.matches(bytes));
  if (!kind) throw badInput(M.imageInvalid);
  const [row] = await tx.select().from(courses).where(eq(courses.id, input.course_id)).for('update');
  if (!row) throw notFound(M.courseUnknown);
  const relative = `${slot.folder}/${row.id}-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.${kind.ext}`;
  await storage.put(relative, bytes);
  await tx
    .update(courses)
    .set({ [slot.column]: relative })
    .where(eq(courses.id, row.id));
  await audit({
    action: slot.action,
    target: `${row.year}年度 ${row.name}`,
    before: { [slot.column]: row[slot.column] },
    after: { [slot.column]: relative },
  });
  return adminCourseDetail(tx, row.id);
}
