import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/database';
import { courseProgress } from './study-schema';
import { enrolments } from '../orders/orders-schema';

/**
 * Spec 01 §4, payment notes: no refund once learning has begun, meaning any verified
 * progress recorded on a course of the order (seconds watched or a percentage above zero).
 * Returns the ids among `orderIds` whose learning has begun: one query for a whole order
 * table, and inside the refund request's transaction for one order.
 */
export async function ordersWithLearningBegun(db: Database, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ orderId: enrolments.orderId })
    .from(enrolments)
    .innerJoin(
      courseProgress,
      and(eq(courseProgress.learnerId, enrolments.learnerId), eq(courseProgress.courseId, enrolments.courseId)),
    )
    .where(
      and(
        inArray(enrolments.orderId, [...orderIds]),
        isNull(enrolments.withdrawnAt),
        or(gt(courseProgress.verifiedSeconds, 0), gt(courseProgress.progress, 0)),
      ),
    );
  return new Set(rows.flatMap((row) => (row.orderId === null ? [] : [row.orderId])));
}

export async function learningHasBegun(db: Database, orderId: number): Promise<boolean> {
  return (await ordersWithLearningBegun(db, [orderId])).has(orderId);
}
