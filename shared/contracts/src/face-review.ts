import './zod-setup';
import { z } from 'zod';
import { adminPageFields as pageFields, adminTimeText as timeText } from './admin-lists';
import { defineEndpoint } from './endpoint';
import * as faceReviewRoutes from './routes/face-review';

/**
 * 审核 in the console (issue 18, permission `faces.review`): the queue of learners' face
 * photos to approve or reject, and a learner's lesson face checks, where a failed check sends
 * the lesson back to 0. Conventions of all console calls: admin-lists.ts.
 */

export const FACE_REJECT_REASON_MAX_LENGTH = 100;

export const faceQueueRowSchema = z.object({
  photo_id: z.number().int(),
  learner_id: z.number().int(),
  name: z.string(),
  id_number: z.string(),
  phone: z.string(),
  company: z.string(),
  region: z.string(),
  /** A short-lived signed URL (minutes); never logged. */
  photo_url: z.string(),
  /** The photo approved before, when this one replaces it. */
  previous_url: z.string().nullable(),
  submitted_at: timeText,
});
export type FaceQueueRow = z.infer<typeof faceQueueRowSchema>;

export const faceRejectRequestSchema = z.strictObject({
  photo_id: z.number().int().positive(),
  reason: z
    .string({ error: '请填写驳回原因' })
    .trim()
    .min(1, { error: '请填写驳回原因' })
    .max(FACE_REJECT_REASON_MAX_LENGTH, { error: `驳回原因不能超过${FACE_REJECT_REASON_MAX_LENGTH}个字` }),
});
export type FaceRejectRequest = z.input<typeof faceRejectRequestSchema>;

/** 审核's per-lesson view of a learner's face checks (issue 18). */
export const lessonChecksRequestSchema = z.strictObject({
  id_number: z.string({ error: '请输入学员身份证号' }).trim().min(1, { error: '请输入学员身份证号' }).max(18),
});
export const lessonChecksSchema = z.object({
  learner_id: z.number().int(),
  name: z.string(),
  id_number: z.string(),
  /** The learner's approved face photo, to compare with; null when none is approved. */
  approved_url: z.string().nullable(),
  lessons: z.array(
    z.object({
      course_id: z.number().int(),
      course_name: z.string(),
      year: z.number().int(),
      /** The lesson's progress now, 0–100: 0 again after a failed check until studied again. */
      progress: z.number().int(),
      photos: z.array(
        z.object({
          photo_id: z.number().int(),
          url: z.string(),
          taken_at: z.string(),
          percent: z.number().int().nullable(),
          state: z.enum(['pending', 'approved', 'rejected']),
          reject_reason: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type LessonChecks = z.infer<typeof lessonChecksSchema>;

export const lessonFailRequestSchema = z.strictObject({
  learner_id: z.number().int().positive(),
  course_id: z.number().int().positive(),
  reason: faceRejectRequestSchema.shape.reason,
});
export type LessonFailRequest = z.input<typeof lessonFailRequestSchema>;

export const faceReviewEndpoints = {
  faceQueue: defineEndpoint({
    ...faceReviewRoutes.faceQueue,
    request: z.strictObject(pageFields),
    response: z.object({ total: z.number().int(), list: z.array(faceQueueRowSchema) }),
  }),
  faceApprove: defineEndpoint({
    ...faceReviewRoutes.faceApprove,
    request: z.strictObject({ photo_id: z.number().int().positive() }),
    response: z.null(),
  }),
  faceReject: defineEndpoint({
    ...faceReviewRoutes.faceReject,
    request: faceRejectRequestSchema,
    response: z.null(),
  }),
  faceLessonChecks: defineEndpoint({
    ...faceReviewRoutes.faceLessonChecks,
    request: lessonChecksRequestSchema,
    response: lessonChecksSchema,
  }),
  faceLessonFail: defineEndpoint({
    ...faceReviewRoutes.faceLessonFail,
    request: lessonFailRequestSchema,
    response: z.object({ progress_before: z.number().int() }),
  }),
};
