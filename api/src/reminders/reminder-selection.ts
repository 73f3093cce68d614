import { and, eq, ilike, isNull, sql } from 'drizzle-orm';
import { learners } from '../accounts/accounts-schema';
import { courses } from '../catalogue/catalogue-schema';
import type { Database } from '../db/database';
import { enrolments } from '../orders/orders-schema';
import { courseProgress } from '../study/study-schema';
import { hoursToTenths, missingTenthsOf } from './reminder-rules';
import { reminderOptOuts } from './reminders-schema';

/** What staff choose in 学员管理: the year, hours still missing (at least), the work unit. */
export interface ReminderFilterInput {
  year: number;
  min_missing_hours?: number | undefined;
  company?: string | undefined;
}

export interface SelectedLearner {
  id: number;
  name: string;
  phone: string;
  email: string;
  earnedTenths: number;
  missingTenths: number;
  optedOut: boolean;
}

/** Escapes LIKE's wildcards in text typed by staff. */
function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Learners with hours still missing in `year` (enabled, account not closed), by the filter,
 * each with what they earned and what they miss (reminder-rules.ts).
 */
export async function selectReminderLearners(db: Database, filter: ReminderFilterInput): Promise<SelectedLearner[]> {
  const completed = sql`${courseProgress.completedAt} is not null`;
  const earned = db
    .select({
      learnerId: enrolments.learnerId,
      publicTenths:
        sql<number>`coalesce(sum(case when ${courses.kind} = 'public' and ${completed} then ${courses.classHourTenths} else 0 end), 0)`.as(
          'public_tenths',
        ),
      professionalTenths:
        sql<number>`coalesce(sum(case when ${courses.kind} = 'professional' and ${completed} then ${courses.classHourTenths} else 0 end), 0)`.as(
          'professional_tenths',
        ),
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .leftJoin(
      courseProgress,
      and(eq(courseProgress.learnerId, enrolments.learnerId), eq(courseProgress.courseId, enrolments.courseId)),
    )
    .where(and(eq(enrolments.year, filter.year), isNull(enrolments.withdrawnAt)))
    .groupBy(enrolments.learnerId)
    .as('earned');
  const company = filter.company?.trim() ?? '';
  const rows = await db
    .select({
      id: learners.id,
      name: learners.name,
      phone: learners.phone,
      email: learners.email,
      publicTenths: earned.publicTenths,
      professionalTenths: earned.professionalTenths,
      optedOutAt: reminderOptOuts.optedOutAt,
    })
    .from(learners)
    .leftJoin(earned, eq(earned.learnerId, learners.id))
    .leftJoin(reminderOptOuts, eq(reminderOptOuts.learnerId, learners.id))
    .where(
      and(
        isNull(learners.disabledAt),
        isNull(learners.closedAt),
        company === '' ? undefined : ilike(learners.company, likeText(company)),
      ),
    )
    .orderBy(learners.id);
  const atLeast = filter.min_missing_hours === undefined ? 1 : hoursToTenths(filter.min_missing_hours);
  return rows
    .map((row) => {
      const publicTenths = Number(row.publicTenths ?? 0);
      const professionalTenths = Number(row.professionalTenths ?? 0);
      return {
        id: row.id,
        name: row.name,
        phone: row.phone,
        email: row.email.trim(),
        earnedTenths: publicTenths + professionalTenths,
        missingTenths: missingTenthsOf(publicTenths, professionalTenths),
        optedOut: row.optedOutAt !== null,
      };
    })
    .filter((learner) => learner.missingTenths >= atLeast);
}
