import type { Database } from '../db/database';

/**
 * Spec 01 §4, payment notes: no refund once learning has begun, meaning any progress
 * recorded on a course of the order.
 *
 * PENDING: study progress is stored by the study feature (issue 6), which is not on this
 * branch; until it is merged there is no progress to look at and this answers false. At
 * merge, point it at their storage: true when any live enrolment of `orderId` has recorded
 * progress (learn time or percent above zero). The refund request already calls it inside
 * its transaction, so nothing else changes.
 */
export async function learningHasBegun(_db: Database, _orderId: number): Promise<boolean> {
  return false;
}
