import { and, count, eq, lt } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { AuditAction } from '@yaoshi/contracts/audit-actions';
import { COURSE_ADMIN_LIMITS, COURSE_ADMIN_MESSAGES as M } from '@yaoshi/contracts/course-admin-rules';
import { writeAudit, type AuditActor } from '../audit/audit-log';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { openLessonUploads } from './course-admin-schema';

/**
 * Open lesson-video uploads, counted so that no one can hold the disk with unfinished ones
 * (a probe once declared 100 × 8 GB in 194 ms): a staff member may hold
 * `openUploadsPerStaff` open at once and the site `openUploadsTotal`. A resumed upload is the
 * same upload, so only new ones count. An upload's slot is freed when it becomes a lesson
 * (in saveLesson's transaction), when it is discarded (a video ffprobe cannot read, or the
 * console's termination) and when the retention job expires it; each is audited.
 */

/** Why a new upload is refused: too many of the staff member's own (429) or of everyone's (503). */
export interface SlotRefusal {
  status: 429 | 503;
  message: string;
}

export interface UploadLimits {
  perStaff: number;
  total: number;
}

export const UPLOAD_LIMITS: UploadLimits = {
  perStaff: COURSE_ADMIN_LIMITS.openUploadsPerStaff,
  total: COURSE_ADMIN_LIMITS.openUploadsTotal,
};

/** One lock for every upload's start, so two servers cannot both take the last slot. */
const SLOT_LOCK = 'lesson-upload-slots';

/** Takes a slot for a new upload (its id and declared size), or says why not; audited when taken. */
export async function takeUploadSlot(
  db: Database,
  clock: Clock,
  actor: AuditActor & { staffId: number },
  upload: { id: string; size: number },
  limits: UploadLimits = UPLOAD_LIMITS,
): Promise<SlotRefusal | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SLOT_LOCK}))`);
    const [mine] = await tx
      .select({ n: count() })
      .from(openLessonUploads)
      .where(eq(openLessonUploads.staffId, actor.staffId));
    if (Number(mine!.n) >= limits.perStaff) return { status: 429, message: M.uploadsPerStaff(Number(mine!.n)) };
    const [all] = await tx.select({ n: count() }).from(openLessonUploads);
    if (Number(all!.n) >= limits.total) return { status: 503, message: M.uploadsTotal };
    await tx.insert(openLessonUploads).values({
      uploadId: upload.id,
      staffId: actor.staffId,
      declaredBytes: upload.size,
      startedAt: clock.now(),
    });
    await writeAudit(tx, clock, actor, {
      action: 'course.upload-start',
      target: upload.id,
      after: { declared_bytes: upload.size },
    });
    return null;
  });
}

/** Frees an upload's slot, audited as `action`; nothing is written when it held none. */
export async function freeUploadSlot(
  db: Database,
  clock: Clock,
  actor: AuditActor,
  uploadId: string,
  action: Extract<AuditAction, 'course.upload-discard' | 'course.upload-expire'>,
  reason: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [freed] = await tx.delete(openLessonUploads).where(eq(openLessonUploads.uploadId, uploadId)).returning();
    if (!freed) return false;
    await writeAudit(tx, clock, actor, {
      action,
      target: uploadId,
      before: { staff_id: freed.staffId, declared_bytes: freed.declaredBytes, started_at: freed.startedAt },
      after: { reason },
    });
    return true;
  });
}

/** Frees the slot of an upload that became a lesson, in the lesson's own audited transaction. */
export async function releaseUploadSlot(tx: Database, uploadId: string): Promise<void> {
  await tx.delete(openLessonUploads).where(eq(openLessonUploads.uploadId, uploadId));
}

/** Slots begun before `cutoff`: the retention job frees those whose upload is gone. */
export async function slotsStartedBefore(db: Database, cutoff: Date): Promise<string[]> {
  const rows = await db
    .select({ uploadId: openLessonUploads.uploadId })
    .from(openLessonUploads)
    .where(and(lt(openLessonUploads.startedAt, cutoff)));
  return rows.map((row) => row.uploadId);
}
