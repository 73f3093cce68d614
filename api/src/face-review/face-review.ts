import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { FaceQueueRow } from '@yaoshi/contracts/admin';
import { formatBeijingTime } from '../content/published-time';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { conflict, notFound } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import type { MediaUrls } from '../media/private-media';
import { learners } from '../accounts/accounts-schema';
import type { Audit } from '../audit/audit-log';
import { decideFacePhoto, type ReviewDecision } from '../face-photos/face-photos';
import { facePhotos } from '../face-photos/face-photos-schema';

/**
 * 审核's queue (issue 18): face collection photos waiting for review, oldest first, each
 * beside the learner's details and the photo approved before (a replacement). Photos go
 * out only as URLs that live minutes.
 */
export async function faceQueue(
  db: Database,
  urls: MediaUrls,
  page: number,
  size: number,
): Promise<{ total: number; list: FaceQueueRow[] }> {
  const pending = and(eq(facePhotos.state, 'pending'), isNull(facePhotos.courseId));
  const [total] = await db.select({ n: count() }).from(facePhotos).where(pending);
  const rows = await db
    .select({ photo: facePhotos, learner: learners })
    .from(facePhotos)
    .innerJoin(learners, eq(learners.id, facePhotos.learnerId))
    .where(pending)
    .orderBy(asc(facePhotos.createdAt), asc(facePhotos.id))
    .limit(size)
    .offset((page - 1) * size);
  const list: FaceQueueRow[] = [];
  for (const { photo, learner } of rows) {
    const [previous] = await db
      .select({ path: facePhotos.path })
      .from(facePhotos)
      .where(and(eq(facePhotos.learnerId, learner.id), eq(facePhotos.state, 'approved'), isNull(facePhotos.courseId)))
      .orderBy(desc(facePhotos.createdAt), desc(facePhotos.id))
      .limit(1);
    list.push({
      photo_id: photo.id,
      learner_id: learner.id,
      name: learner.name,
      id_number: learner.idNumber,
      phone: learner.phone,
      company: learner.company,
      region: [learner.province, learner.city, learner.county].filter(Boolean).join(' '),
      photo_url: urls.shortLivedUrlOf(photo.path),
      previous_url: previous ? urls.shortLivedUrlOf(previous.path) : null,
      submitted_at: formatBeijingTime(photo.createdAt),
    });
  }
  return { total: Number(total?.n ?? 0), list };
}

/** Approves or rejects one waiting photo; a photo already decided is refused (two reviewers, one decision). */
export async function reviewFacePhoto(
  tx: Database,
  clock: Clock,
  audit: Audit,
  photoId: number,
  decision: ReviewDecision,
  reason: string | null,
): Promise<void> {
  const [photo] = await tx.select().from(facePhotos).where(eq(facePhotos.id, photoId)).for('update').limit(1);
  if (!photo || photo.courseId !== null) throw notFound(MESSAGES.facePhotoNotFound);
  if (photo.state !== 'pending') throw conflict(MESSAGES.facePhotoAlreadyReviewed);
  const [learner] = await tx.select().from(learners).where(eq(learners.id, photo.learnerId)).for('update').limit(1);
  if (!learner) throw notFound(MESSAGES.learnerNotFound);
  await decideFacePhoto(tx, clock, learner, photo, decision, reason);
  await audit({
    action: decision === 'approve' ? 'face.approve' : 'face.reject',
    target: learner.idNumber,
    before: { photo_id: photo.id, state: 'pending', avatar_status: learner.avatarStatus },
    after: {
      photo_id: photo.id,
      state: decision === 'approve' ? 'approved' : 'rejected',
      ...(reason ? { reason } : {}),
    },
  });
}
