import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import { AVATAR_STATUS, type AvatarStatus } from '@yaoshi/contracts/profile-rules';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { facePhotos } from './face-photos-schema';
import { learners } from '../accounts/accounts-schema';
import type { FacePhotoKind } from './image-data';
import { writeAudit, type AuditActor } from '../audit/audit-log';
import type { Storage } from '../storage/storage';

/** Face photos are kept under `faces/` in storage (private), named at random so they cannot be guessed. */
export const FACE_PHOTO_FOLDER = 'faces';

export async function storeFacePhotoFile(storage: Storage, bytes: Buffer, kind: FacePhotoKind): Promise<string> {
  const relative = `${FACE_PHOTO_FOLDER}/${randomBytes(16).toString('hex')}.${kind === 'png' ? 'png' : 'jpg'}`;
  await storage.put(relative, bytes, { ifAbsent: true });
  return relative;
}

export interface FacePhotoSubmission {
  learnerId: number;
  path: string;
  /** Present for a face check during a lesson; absent for the face collection itself. */
  courseId: number | null;
  percent: number | null;
}

/**
 * Records an uploaded photo for review. A face collection (no course) becomes the
 * learner's photo and puts it under review: learning waits until approval (spec 01 §2),
 * unless the learner already has an approved photo, which is kept until the new one is
 * approved (issue 15).
 * A face check during a lesson is recorded for its course and leaves the photo alone.
 */
export async function submitFacePhoto(
  db: Database,
  clock: Clock,
  submission: FacePhotoSubmission,
): Promise<AvatarStatus> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await tx.insert(facePhotos).values({ ...submission, createdAt: now });
    const [learner] = await tx
      .select({ status: learners.avatarStatus })
      .from(learners)
      .where(eq(learners.id, submission.learnerId))
      .for('update');
    const current = (learner?.status ?? AVATAR_STATUS.none) as AvatarStatus;
    // An approved photo stays the learner's photo until a new one is approved: an upload
    // naming no course (a new face collection, or a face check that lost its course) waits
    // for review beside it and never stops the learner's study.
    if (submission.courseId === null && current !== AVATAR_STATUS.approved) {
      await tx
        .update(learners)
        .set({
          avatarPath: submission.path,
          avatarStatus: AVATAR_STATUS.underReview,
          avatarRejectReason: null,
          updatedAt: now,
        })
        .where(eq(learners.id, submission.learnerId));
      return AVATAR_STATUS.underReview;
    }
    return current;
  });
}

export type ReviewDecision = 'approve' | 'reject';

export type ReviewOutcome = 'reviewed' | 'no-such-learner' | 'nothing-to-review';

/** What the command line says when it rejects without a reason. */
export const DEFAULT_FACE_REJECT_REASON = '照片未通过审核，请重新采集';

type LearnerRow = typeof learners.$inferSelect;
type FacePhotoRow = typeof facePhotos.$inferSelect;

/**
 * One decision on a face collection photo, in the caller's transaction: the photo's state,
 * and — when it is still the learner's current photo — avatar_status 1 (approved) or 3
 * (rejected, with the reason the learner sees at /faceCollection after the next login).
 */
export async function decideFacePhoto(
  tx: Database,
  clock: Clock,
  learner: LearnerRow,
  photo: FacePhotoRow,
  decision: ReviewDecision,
  reason: string | null,
): Promise<void> {
  const now = clock.now();
  const rejectReason = decision === 'reject' ? (reason ?? DEFAULT_FACE_REJECT_REASON) : null;
  await tx
    .update(facePhotos)
    .set({ state: decision === 'approve' ? 'approved' : 'rejected', reviewedAt: now, rejectReason })
    .where(eq(facePhotos.id, photo.id));
  if (photo.courseId !== null) return;
  // Older collection photos still waiting were superseded by this one.
  await tx
    .update(facePhotos)
    .set({ state: 'rejected', reviewedAt: now })
    .where(
      and(
        eq(facePhotos.learnerId, learner.id),
        eq(facePhotos.state, 'pending'),
        isNull(facePhotos.courseId),
        lt(facePhotos.id, photo.id),
      ),
    );
  if (decision === 'approve') {
    // Also a new photo sent while an approved one was kept (issue 15): it replaces it now.
    await tx
      .update(learners)
      .set({ avatarPath: photo.path, avatarStatus: AVATAR_STATUS.approved, avatarRejectReason: null, updatedAt: now })
      .where(eq(learners.id, learner.id));
  } else {
    // A reviewer's rejection, of a first photo or of a replacement (issue 18): the learner reads
    // the reason at the next login and collects again. Only an upload never resets an approved
    // photo (issue 15); a person's decision does.
    await tx
      .update(learners)
      .set({ avatarStatus: AVATAR_STATUS.rejected, avatarRejectReason: rejectReason, updatedAt: now })
      .where(eq(learners.id, learner.id));
  }
}

/**
 * The command line's decision on a learner's latest face collection photo waiting for
 * review (`npm run admin -- avatar approve|reject`); the console decides by photo. The
 * decision is audited (`face.approve` / `face.reject`) in its transaction, as the console's is.
 */
export async function reviewLatestFacePhoto(
  db: Database,
  clock: Clock,
  actor: AuditActor,
  idNumber: string,
  decision: ReviewDecision,
  reason: string | null = null,
): Promise<ReviewOutcome> {
  return db.transaction(async (tx) => {
    const [learner] = await tx.select().from(learners).where(eq(learners.idNumber, idNumber)).limit(1);
    if (!learner) return 'no-such-learner';
    const [photo] = await tx
      .select()
      .from(facePhotos)
      .where(and(eq(facePhotos.learnerId, learner.id), eq(facePhotos.state, 'pending'), isNull(facePhotos.courseId)))
      .orderBy(desc(facePhotos.createdAt), desc(facePhotos.id))
      .limit(1);
    if (!photo) return 'nothing-to-review';
    await decideFacePhoto(tx, clock, learner, photo, decision, reason);
    await writeAudit(tx, clock, actor, {
      action: decision === 'approve' ? 'face.approve' : 'face.reject',
      target: learner.idNumber,
      before: { photo_id: photo.id, state: 'pending', avatar_status: learner.avatarStatus },
      after: {
        photo_id: photo.id,
        state: decision === 'approve' ? 'approved' : 'rejected',
        ...(decision === 'reject' ? { reason: reason ?? DEFAULT_FACE_REJECT_REASON } : {}),
      },
    });
    return 'reviewed';
  });
}
