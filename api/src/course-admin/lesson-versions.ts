import { and, desc, eq, isNull, or, gt, isNotNull } from 'drizzle-orm';
import type { AdminCourseDetail } from '@yaoshi/contracts/course-admin';
import { COURSE_ADMIN_MESSAGES as M, normalisedPoints } from '@yaoshi/contracts/course-admin-rules';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { Audit } from '../audit/audit-log';
import { courseLessons, courses } from '../catalogue/catalogue-schema';
import { courseProgress } from '../study/study-schema';
import { badInput, conflict, notFound, unavailable } from '../envelope/api-error';
import { probeVideo } from './video-probe';
import type { LessonUploads } from './lesson-uploads';
import { releaseUploadSlot } from './upload-slots';
import { recordTranscode } from '../video-transcode/lesson-transcodes';
import { adminCourseDetail } from './course-admin';

/**
 * A course's lesson video, in versions: a new upload becomes the next version (the old one stays for whoever began it), probed by ffprobe, moved into storage and queued for transcoding, in one audited transaction.
 */
/** Lesson videos live under `<media>/videos/lessons/`, one file per version, never overwritten. */
export const LESSON_VIDEO_FOLDER = 'videos/lessons';

/**
 * A new version of a course's lesson: the finished upload's video (its length read from the file
 * by ffprobe), or the current video with new face-check points. Learners who had begun the
 * current version — some of it verified, or completed — are pinned to it and keep studying it;
 * learners who had not begun get the new one.
 */
export async function saveLesson(
  tx: Database,
  clock: Clock,
  audit: Audit,
  uploads: LessonUploads,
  staffName: string,
  input: { course_id: number; upload_id?: string | undefined; face_points: number[] },
): Promise<AdminCourseDetail> {
  const points = normalisedPoints(input.face_points);
  if (points === null) throw badInput(M.facePointsInvalid);
  const [row] = await tx.select().from(courses).where(eq(courses.id, input.course_id)).for('update');
  if (!row) throw notFound(M.courseUnknown);
  if (row.delivery === 'face_to_face') throw badInput(M.faceToFaceNoVideo);

  let video: { path: string; seconds: number; originalName: string; uploadId: string | null };
  if (input.upload_id !== undefined) {
    const upload = await uploads.find(input.upload_id);
    if (!upload) throw notFound(M.uploadUnknown);
    if (upload.size === undefined || upload.offset !== upload.size) throw conflict(M.uploadIncomplete);
    const probe = await probeVideo(await uploads.probeSource(input.upload_id));
    if (!probe.ok) {
      if (probe.reason === 'no-ffprobe') throw unavailable(M.probeUnavailable, 60);
      throw badInput(probe.reason === 'format' ? M.videoFormat : M.videoUnreadable);
    }
    video = {
      path: '',
      seconds: probe.durationSeconds,
      originalName: (upload.metadata?.filename ?? '').slice(0, 200),
      uploadId: input.upload_id,
    };
    await releaseUploadSlot(tx, input.upload_id);
    video.path = `${LESSON_VIDEO_FOLDER}/${row.id}-${input.upload_id}.${probe.container}`;
  } else {
    if (row.videoPath === null || row.durationSeconds === null) throw badInput(M.videoRequired);
    video = { path: row.videoPath, seconds: row.durationSeconds, originalName: '', uploadId: null };
  }

  const [latest] = await tx
    .select()
    .from(courseLessons)
    .where(eq(courseLessons.courseId, row.id))
    .orderBy(desc(courseLessons.version))
    .limit(1);
  let previousId = latest?.id ?? null;
  let previousVersion = latest?.version ?? 0;
  if (!latest && row.videoPath !== null && row.durationSeconds !== null) {
    // The video from before versions becomes version 1, so progress on it can point at it.
    const [first] = await tx
      .insert(courseLessons)
      .values({
        courseId: row.id,
        version: 1,
        videoPath: row.videoPath,
        durationSeconds: row.durationSeconds,
        faceCheckPercents: row.faceCheckPercents,
        createdAt: row.createdAt,
      })
      .returning({ id: courseLessons.id });
    previousId = first!.id;
    previousVersion = 1;
  }
  if (previousId !== null)
    await tx
      .update(courseProgress)
      .set({ lessonId: previousId })
      .where(
        and(
          eq(courseProgress.courseId, row.id),
          isNull(courseProgress.lessonId),
          or(gt(courseProgress.verifiedSeconds, 0), isNotNull(courseProgress.completedAt)),
        ),
      );
  const [created] = await tx
    .insert(courseLessons)
    .values({
      courseId: row.id,
      version: previousVersion + 1,
      videoPath: video.path,
      durationSeconds: video.seconds,
      faceCheckPercents: points,
      originalName: video.originalName,
      createdBy: staffName,
      createdAt: clock.now(),
    })
    .returning({ id: courseLessons.id, version: courseLessons.version });
  await tx
    .update(courses)
    .set({ videoPath: video.path, durationSeconds: video.seconds, faceCheckPercents: points })
    .where(eq(courses.id, row.id));
  if (video.uploadId !== null) {
    // Last, so a refusal above leaves the upload where it was. Should the commit fail after
    // this, the file stays unused in storage; nothing points at it.
    await uploads.finish(video.uploadId, video.path);
    // Transcoded into HLS by a job (issue 21), enqueued once this is committed; learners play
    // the uploaded file until it is done.
    await recordTranscode(tx, clock, video.path);
  }
  await audit({
    action: 'course.lesson',
    target: `${row.year}年度 ${row.name}`,
    before: {
      version: previousVersion,
      video: row.videoPath,
      duration: row.durationSeconds,
      face_points: row.faceCheckPercents,
    },
    after: { version: created!.version, video: video.path, duration: video.seconds, face_points: points },
  });
  return adminCourseDetail(tx, row.id);
}
