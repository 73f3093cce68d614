import { and, asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { AVATAR_STATUS } from '@yaoshi/contracts/profile-rules';
import type { FaceQueueRow, LessonChecks } from '@yaoshi/contracts/face-review';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { PersonalView } from '../auth/personal-view';
import { conflict, notFound } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import type { MediaUrls } from '../media/private-media';
import { learners } from '../accounts/accounts-schema';
import type { Audit } from '../audit/audit-log';
import { decideFacePhoto, type ReviewDecision } from '../face-photos/face-photos';
import { facePhotos } from '../face-photos/face-photos-schema';
import { courses } from '../catalogue/catalogue-schema';
import { courseProgress } from '../study/study-schema';

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
  view: PersonalView,
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
      id_number: view.idNumber(learner.idNumber),
      phone: view.phone(learner.phone),
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

/**
 * A learner's lesson face checks (issue 18), per lesson (course), newest lesson first, each
 * photo behind a URL that lives minutes, beside the learner's approved photo.
 */
export async function lessonChecks(
  db: Database,
  urls: MediaUrls,
  idNumber: string,
  view: PersonalView,
): Promise<LessonChecks> {
  const [learner] = await db.select().from(learners).where(eq(learners.idNumber, idNumber.toUpperCase())).limit(1);
  if (!learner) throw notFound(MESSAGES.learnerNotFound);
  const rows = await db
    .select({
      photo: facePhotos,
      course: { id: courses.id, name: courses.name, year: courses.year },
      progress: courseProgress.progress,
    })
    .from(facePhotos)
    .innerJoin(courses, eq(courses.id, facePhotos.courseId))
    .leftJoin(
      courseProgress,
      and(eq(courseProgress.learnerId, facePhotos.learnerId), eq(courseProgress.courseId, facePhotos.courseId)),
    )
    .where(and(eq(facePhotos.learnerId, learner.id), isNotNull(facePhotos.courseId)))
    .orderBy(desc(courses.year), asc(courses.id), asc(facePhotos.createdAt), asc(facePhotos.id));
  const lessons = new Map<number, LessonChecks['lessons'][number]>();
  for (const { photo, course, progress } of rows) {
    let lesson = lessons.get(course.id);
    if (!lesson) {
      lesson = {
        course_id: course.id,
        course_name: course.name,
        year: course.year,
        progress: progress ?? 0,
        photos: [],
      };
      lessons.set(course.id, lesson);
    }
    lesson.photos.push({
      photo_id: photo.id,
      url: urls.shortLivedUrlOf(photo.path),
      taken_at: formatBeijingTime(photo.createdAt),
      percent: photo.percent,
      state: photo.state,
      reject_reason: photo.rejectReason,
    });
  }
  const approved =
    learner.avatarStatus === AVATAR_STATUS.approved && learner.avatarPath
      ? urls.shortLivedUrlOf(learner.avatarPath)
      : null;
  return {
    learner_id: learner.id,
    name: learner.name,
    id_number: view.idNumber(learner.idNumber),
    approved_url: approved,
    lessons: [...lessons.values()],
  };
}

/**
 * A reviewer's decision that a lesson's face checks failed (issue 18): the photos are
 * rejected with the reason and the lesson's credit is withdrawn — its progress and verified
 * time go back to 0 — until the learner studies it again. Audited in the caller's transaction.
 */
export async function failLessonChecks(
  tx: Database,
  clock: Clock,
  audit: Audit,
  learnerId: number,
  courseId: number,
  reason: string,
): Promise<{ progress_before: number }> {
  const [learner] = await tx.select().from(learners).where(eq(learners.id, learnerId)).limit(1);
  if (!learner) throw notFound(MESSAGES.learnerNotFound);
  const now = clock.now();
  const photos = await tx
    .update(facePhotos)
    .set({ state: 'rejected', reviewedAt: now, rejectReason: reason })
    .where(and(eq(facePhotos.learnerId, learnerId), eq(facePhotos.courseId, courseId)))
    .returning({ id: facePhotos.id });
  if (photos.length === 0) throw notFound(MESSAGES.lessonChecksNotFound);
  const [before] = await tx
    .select({ progress: courseProgress.progress, verifiedSeconds: courseProgress.verifiedSeconds })
    .from(courseProgress)
    .where(and(eq(courseProgress.learnerId, learnerId), eq(courseProgress.courseId, courseId)))
    .for('update');
  await tx
    .update(courseProgress)
    .set({ progress: 0, verifiedSeconds: 0, completedAt: null, updatedAt: now })
    .where(and(eq(courseProgress.learnerId, learnerId), eq(courseProgress.courseId, courseId)));
  await audit({
    action: 'face.lesson-fail',
    target: learner.idNumber,
    before: { course_id: courseId, progress: before?.progress ?? 0, verified_seconds: before?.verifiedSeconds ?? 0 },
    after: { course_id: courseId, progress: 0, verified_seconds: 0, reason, photos: photos.length },
  });
  return { progress_before: before?.progress ?? 0 };
}
