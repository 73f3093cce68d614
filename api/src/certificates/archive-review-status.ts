import { and, eq } from 'drizzle-orm';
import type { ArchiveReviewStatus } from '@yaoshi/contracts/archive-reviews';
import type { Database } from '../db/database';
import { archiveReviews } from './archive-reviews-schema';

type Review = typeof archiveReviews.$inferSelect;

/** The recorded decision on a learner's year, if any (no row: pending). The 学时证明 waits for it. */
export async function archiveReviewOf(db: Database, learnerId: number, year: number): Promise<Review | undefined> {
  const [row] = await db
    .select()
    .from(archiveReviews)
    .where(and(eq(archiveReviews.learnerId, learnerId), eq(archiveReviews.year, year)));
  return row;
}

export const statusOf = (review: Review | undefined): ArchiveReviewStatus => review?.status ?? 'pending';
