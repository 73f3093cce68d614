import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { CompletedLearner, YearReport } from '@yaoshi/contracts/reports';
import { COMPLETE_PROGRESS, fromTenths } from '@yaoshi/contracts/study-rules';
import type { Database } from '../db/database';
import { learners } from '../accounts/accounts-schema';
import { courses } from '../catalogue/catalogue-schema';
import { staffStudyYears } from '../catalogue/study-years';
import { enrolments } from '../orders/orders-schema';
import { courseProgress } from '../study/study-schema';
import { notFound } from '../envelope/api-error';
import {
  beijingDayOf,
  completedTenthsOf,
  groupOf,
  groupsBy,
  isYearCompleted,
  regionOf,
  reviewDueOn,
  unitOf,
  type LearnerYear,
} from './report-rules';

export const REPORT_MESSAGES = {
  yearNotFound: '该年度不存在',
} as const;

interface YearChoice {
  year: number;
  needAll: number;
  years: number[];
}

/**
 * The requested study year (or the current open year, by the one rule of study-years.ts), with
 * its need_all and every year, drafts included, for the selector.
 */
export async function chooseYear(db: Database, requested: number | undefined, now: Date): Promise<YearChoice> {
  const { years: rows, current } = await staffStudyYears(db, now);
  const years = rows.map((row) => row.year);
  const chosen = requested === undefined ? current : rows.find((row) => row.year === requested);
  if (!chosen) throw notFound(REPORT_MESSAGES.yearNotFound);
  return { year: chosen.year, needAll: chosen.needAll, years };
}

const complete = sql`coalesce(${courseProgress.progress}, 0) >= ${COMPLETE_PROGRESS}`;
const tenthsWhere = (condition: ReturnType<typeof sql>) =>
  sql<number>`coalesce(sum(case when ${condition} then ${courses.classHourTenths} else 0 end), 0)`.mapWith(Number);

/**
 * Every learner with a live enrolment in `year`, with their enrolled and finished hours of
 * each kind: one grouped statement, the rules applied afterwards.
 */
export async function learnerYears(db: Database, year: number): Promise<LearnerYear[]> {
  const professional = sql`${courses.kind} = 'professional'`;
  const publicKind = sql`${courses.kind} = 'public'`;
  const rows = await db
    .select({
      learnerId: learners.id,
      name: learners.name,
      idNumber: learners.idNumber,
      company: learners.company,
      province: learners.province,
      city: learners.city,
      professionalEnrolled: tenthsWhere(professional),
      professionalCompleted: tenthsWhere(sql`${professional} and ${complete}`),
      publicEnrolled: tenthsWhere(publicKind),
      publicCompleted: tenthsWhere(sql`${publicKind} and ${complete}`),
      lastCompletedAt: sql<string | null>`max(case when ${complete} then ${courseProgress.completedAt} end)`,
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .innerJoin(learners, eq(learners.id, enrolments.learnerId))
    .leftJoin(
      courseProgress,
      and(eq(courseProgress.learnerId, enrolments.learnerId), eq(courseProgress.courseId, enrolments.courseId)),
    )
    .where(and(eq(enrolments.year, year), isNull(enrolments.withdrawnAt)))
    .groupBy(learners.id)
    .orderBy(asc(learners.id));
  return rows.map((row) => ({
    learnerId: row.learnerId,
    name: row.name,
    idNumber: row.idNumber,
    company: row.company,
    province: row.province,
    city: row.city,
    professional: { enrolledTenths: row.professionalEnrolled, completedTenths: row.professionalCompleted },
    public: { enrolledTenths: row.publicEnrolled, completedTenths: row.publicCompleted },
    lastCompletedAt: row.lastCompletedAt === null ? null : new Date(row.lastCompletedAt),
  }));
}

/** The year's numbers: in all, by unit, by region. */
export async function yearReport(db: Database, requested: number | undefined, now: Date): Promise<YearReport> {
  const { year, needAll, years } = await chooseYear(db, requested, now);
  const rows = await learnerYears(db, year);
  return {
    year,
    years,
    summary: groupOf('合计', needAll, rows),
    by_unit: groupsBy(rows, needAll, (learner) => unitOf(learner.company)),
    by_region: groupsBy(rows, needAll, (learner) => regionOf(learner.province, learner.city)),
  };
}

/** Everyone who completed `year`, first completed first (the archive review's order). */
export async function completedLearners(db: Database, year: number): Promise<CompletedLearner[]> {
  // The year is given: the moment only picks a default year, which is not needed here.
  const { needAll } = await chooseYear(db, year, new Date(0));
  const rows = await learnerYears(db, year);
  return rows
    .filter((learner) => isYearCompleted(needAll, learner))
    .map((learner): CompletedLearner => {
      const completedOn = learner.lastCompletedAt === null ? '' : beijingDayOf(learner.lastCompletedAt);
      return {
        learner_id: learner.learnerId,
        name: learner.name,
        id_number: learner.idNumber,
        unit: unitOf(learner.company),
        region: regionOf(learner.province, learner.city),
        professional_hours: fromTenths(learner.professional.completedTenths),
        public_hours: fromTenths(learner.public.completedTenths),
        hours_completed: fromTenths(completedTenthsOf(learner)),
        completed_on: completedOn,
        review_due_on: completedOn === '' ? '' : reviewDueOn(completedOn),
      };
    })
    .sort((a, b) => a.completed_on.localeCompare(b.completed_on) || a.learner_id - b.learner_id);
}

export async function completedLearnersPage(
  db: Database,
  year: number,
  page: number,
  size: number,
): Promise<{ total: number; list: CompletedLearner[] }> {
  const all = await completedLearners(db, year);
  return { total: all.length, list: all.slice((page - 1) * size, page * size) };
}
