import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { courseProgress } from '../study/study-schema';
import { enrolments } from '../orders/orders-schema';

/**
 * Spec 01 §4, payment notes: no refund once learning has begun, meaning any verified
 * progress recorded on a course of the order (seconds watched or a percentage above zero).
 * Called inside the refund request's transaction.
 */
export async function learningHasBegun(db: Database, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ begun: sql<number>`1` })
    .from(enrolments)
    .innerJoin(courseProgress, and(eq(courseProgress.learnerId, enrolments.learnerId), eq(courseProgress.courseId, enrolments.courseId)))
    .where(
      and(
        eq(enrolments.orderId, orderId),
        isNull(enrolments.withdrawnAt),
        or(gt(courseProgress.verifiedSeconds, 0), gt(courseProgress.progress, 0)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
