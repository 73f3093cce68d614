import { and, eq, inArray, isNotNull, lt, lte } from 'drizzle-orm';
import type { Clock } from '../clock';
import { beijingYearOf } from '@yaoshi/contracts/beijing-time';
import type { Database } from '../db/database';
import { courses } from '../catalogue/catalogue-schema';
import { facePhotos } from '../face-photos/face-photos-schema';
import type { Storage } from '../storage/storage';

/**
 * The retention of lesson face-check photos (issue 18, PIPL): a photo taken at a lesson's
 * face check is deleted — its row and its file — `days` (FACE_CHECK_RETENTION_DAYS) after
 * its study year closes. A study year closes at the end of 31 December, Beijing time; a
 * photo taken later (a make-up year studied after its close) counts from its own day. Face
 * collection photos (no course) are the learner's reference photo and are never touched.
 */

const DAY_MS = 86_400_000;
/** Rows deleted per statement, so a first run over years of photos holds no long lock. */
const BATCH = 500;

/** When study year `year` closes: the first moment of 1 January of the next year, Beijing time. */
export function studyYearClosesAt(year: number): Date {
  return new Date(Date.UTC(year + 1, 0, 1) - 8 * 60 * 60 * 1000);
}

/** Whether a lesson-check photo of study year `year`, taken at `takenAt`, is past retention at `now`. */
export function isPastRetention(year: number, takenAt: Date, now: Date, days: number): boolean {
  const from = Math.max(studyYearClosesAt(year).getTime(), takenAt.getTime());
  return now.getTime() >= from + days * DAY_MS;
}

/** Deletes the lesson-check photos past retention; returns how many. Files already gone are fine. */
export async function purgeLessonCheckPhotos(
  db: Database,
  clock: Clock,
  storage: Pick<Storage, 'delete'>,
  days: number,
): Promise<number> {
  const cutoff = new Date(clock.nowMs() - days * DAY_MS);
  // Both conditions of isPastRetention: the year closed before the cutoff, and the photo was taken before it.
  const lastExpiredYear = beijingYearOf(cutoff) - 1;
  let deleted = 0;
  for (;;) {
    const due = await db
      .select({ id: facePhotos.id })
      .from(facePhotos)
      .innerJoin(courses, eq(courses.id, facePhotos.courseId))
      .where(
        and(isNotNull(facePhotos.courseId), lt(courses.year, lastExpiredYear + 1), lte(facePhotos.createdAt, cutoff)),
      )
      .limit(BATCH);
    if (due.length === 0) return deleted;
    const removed = await db
      .delete(facePhotos)
      .where(
        inArray(
          facePhotos.id,
          due.map((row) => row.id),
        ),
      )
      .returning({ path: facePhotos.path });
    // Rows first, then files: a file left behind by a crash is unreachable (no row signs a URL for it).
    await Promise.all(removed.map((row) => storage.delete(row.path)));
    deleted += removed.length;
  }
}
