import { and, eq, isNull } from 'drizzle-orm';
import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import type { Database } from '../db/database';
import { courses, type CourseKind } from '../catalogue/catalogue-schema';
import { enrolments } from '../orders/orders-schema';
import { ApiError } from '../envelope/api-error';

/**
 * Refuses with 403 您尚未报名该课程 unless the learner holds a live (not withdrawn)
 * enrolment in the course, a course of `kind`: for calls that act on a course the learner
 * must be studying (face checks, quiz answers), checked before anything is stored.
 */
export async function requireLiveEnrolment(
  db: Database,
  learnerId: number,
  courseId: number,
  kind: CourseKind,
): Promise<void> {
  const [row] = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(
      and(
        eq(enrolments.learnerId, learnerId),
        eq(enrolments.courseId, courseId),
        isNull(enrolments.withdrawnAt),
        eq(courses.kind, kind),
      ),
    );
  if (!row) throw new ApiError(403, M.notEnrolled);
}
