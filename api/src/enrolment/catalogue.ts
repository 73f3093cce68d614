import { and, asc, eq, isNull } from 'drizzle-orm';
import { beijingDayOf } from '@yaoshi/contracts/beijing-time';
import { visibleToLearners } from '@yaoshi/contracts/study-year-rules';
import type { Clock } from '../clock';
import { learnerStudyYears } from '../catalogue/study-years';
import {
  checkSelection,
  parseIdList,
  priceFenOf,
  professionalHoursOf,
  professionalVerdict,
  sumHourTenths,
  SELECTION_MESSAGES,
  type ProfessionalHours,
  type RuleCourse,
} from '@yaoshi/contracts/course-selection-rules';
import type { SelectionCourse } from '@yaoshi/contracts/enrolment';
import type { Database } from '../db/database';
import { academicYears, courses, type CourseKind } from '../catalogue/catalogue-schema';
import { enrolments } from '../orders/orders-schema';
import { badInput } from '../envelope/api-error';
import { publicMediaUrl } from '../media/private-media';
import { PUBLIC_COURSE_PRICE_FEN } from '@yaoshi/contracts/credit-rules';
import { COURSE_ADMIN_MESSAGES, yearOpenOn } from '@yaoshi/contracts/course-admin-rules';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';

export type CatalogueCourse = RuleCourse & {
  thumb: string;
  teacherName: string;
  creditTenths: number;
};

/** A year open to learners on `now`; a draft is as unknown to them as a year that does not exist. */
export async function requireYear(db: Database, year: number, now: Date) {
  const [row] = await db.select().from(academicYears).where(eq(academicYears.year, year)).limit(1);
  if (!row || !visibleToLearners(row, beijingDayOf(now))) throw badInput(SELECTION_MESSAGES.yearUnknown);
  return row;
}

/** `academic_year`: the years open to learners, the current one first (it is every picker's default). */
export async function listYears(db: Database, clock: Clock) {
  const rows = await learnerStudyYears(db, clock.now());
  return rows.map((row) => ({ year: row.year, is_buxue: row.isBuxue ? 1 : 0 }));
}

/** Every course of a year and kind, face-to-face placeholders included, in list order. */
export async function catalogueOf(db: Database, year: number, kind: CourseKind): Promise<CatalogueCourse[]> {
  const rows = await db
    .select()
    .from(courses)
    .where(and(eq(courses.year, year), eq(courses.kind, kind)))
    .orderBy(asc(courses.sortOrder), asc(courses.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    year: row.year,
    kind: row.kind,
    delivery: row.delivery,
    courseType: row.courseType,
    classHourTenths: row.classHourTenths,
    // Public sign-up charges nothing (credit-rules.ts), whatever an older catalogue row says.
    priceFen: row.kind === 'public' ? PUBLIC_COURSE_PRICE_FEN : row.priceFen,
    thumb: row.thumb,
    teacherName: row.teacherName,
    creditTenths: row.creditTenths,
  }));
}

/** Courses of `year` the learner holds now (a live enrolment: paid for, or signed up). */
export async function ownedCourseIds(db: Database, learnerId: number, year: number): Promise<Set<number>> {
  const rows = await db
    .select({ courseId: enrolments.courseId })
    .from(enrolments)
    .where(and(eq(enrolments.learnerId, learnerId), eq(enrolments.year, year), isNull(enrolments.withdrawnAt)));
  return new Set(rows.map((row) => row.courseId));
}

export function selectionCourseOf(course: CatalogueCourse, owned: ReadonlySet<number>): SelectionCourse {
  return {
    cid: course.id,
    course_id: course.id,
    name: course.name,
    thumb: publicMediaUrl(course.thumb),
    teacher: course.teacherName,
    credit: course.creditTenths / 10,
    class_hour: course.classHourTenths / 10,
    course_type: course.courseType,
    price: course.priceFen / 100,
    learn_progress: 0,
    is_grade: 0,
    is_buy: owned.has(course.id) ? 1 : 0,
    face_to_face: course.delivery === 'face_to_face' ? 1 : 0,
  };
}

export interface CheckedSelection {
  needAll: number;
  courses: CatalogueCourse[];
  ownedTenths: number;
  selectedTenths: number;
  priceFen: number;
}

/**
 * The structural rules of a selection (see `checkSelection`), checked against the
 * database; a broken rule is refused with its message and nothing is written.
 */
export async function checkedSelectionOf(
  db: Database,
  learnerId: number,
  year: number,
  kind: CourseKind,
  idsText: string,
  /** The moment of the sign-up or order: a year whose sign-up dates (issue 20) exclude it is refused. */
  now: Date,
): Promise<CheckedSelection> {
  const yearRow = await requireYear(db, year, now);
  if (!yearOpenOn(yearRow, formatBeijingTime(now).slice(0, 10))) throw badInput(COURSE_ADMIN_MESSAGES.signupClosed);
  const ids = parseIdList(idsText);
  if (ids === null) throw badInput(SELECTION_MESSAGES.unknownCourse);
  const catalogue = await catalogueOf(db, year, kind);
  const owned = await ownedCourseIds(db, learnerId, year);
  const check = checkSelection(ids, { year, kind, needAll: yearRow.needAll, catalogue, ownedIds: owned });
  if (!check.ok) throw badInput(check.message);
  const byId = new Map(catalogue.map((course) => [course.id, course]));
  const chosen = check.courses.map((course) => byId.get(course.id)!);
  return {
    needAll: yearRow.needAll,
    courses: chosen,
    ownedTenths: sumHourTenths(catalogue.filter((course) => owned.has(course.id))),
    selectedTenths: sumHourTenths(chosen),
    priceFen: priceFenOf(chosen),
  };
}

/** Professional hours of a checked selection; with `requireHours`, a shortfall is refused. */
export function professionalHoursChecked(selection: CheckedSelection, requireHours: boolean): ProfessionalHours {
  const hours = professionalHoursOf(selection.needAll, selection.ownedTenths, selection.selectedTenths);
  const verdict = professionalVerdict(selection.needAll, hours);
  if (requireHours && verdict.kind === 'short') throw badInput(verdict.message);
  return hours;
}
