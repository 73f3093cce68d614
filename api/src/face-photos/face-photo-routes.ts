import { accountEndpoints } from '@yaoshi/contracts/accounts';
import { eq } from 'drizzle-orm';
import { AVATAR_STATUS, faceInitOf } from '@yaoshi/contracts/profile-rules';
import { learners } from '../accounts/accounts-schema';
import { requirePrincipal } from '../auth/authenticator';
import { ApiError, badInput } from '../envelope/api-error';
import type { RouteModule } from '../app-deps';
import { MESSAGES } from '../messages';
import { LEARNER_LIMITS, hitRateLimit } from '../rate-limits/rate-limits';
import { requireLiveEnrolment } from '../enrolment/live-enrolment';
import { decodeImageData } from './image-data';
import { storeFacePhotoFile, submitFacePhoto } from './face-photos';
import { requireFaceConsent } from './face-consent';
import { requireLearner } from '../accounts/learner-queries';

/** POST /v1/avatar: the face photo of /faceCollection and of face checks in lessons (spec 02). */
export const facePhotoRoutes: RouteModule = (api, { db, clock, mediaUrls, storage }) => {
  // The learner's own review result: after a rejection /faceCollection shows the reviewer's reason (issue 18).
  api.add(accountEndpoints.faceStatus, async ({ principal }) => {
    const [learner] = await db
      .select({ status: learners.avatarStatus, reason: learners.avatarRejectReason })
      .from(learners)
      .where(eq(learners.id, requirePrincipal(principal).learnerId));
    return {
      avatar_status: learner?.status ?? 0,
      reject_reason: learner?.status === AVATAR_STATUS.rejected ? (learner.reason ?? null) : null,
    };
  });

  api.add(accountEndpoints.avatar, async ({ payload, principal }) => {
    const { learnerId } = requirePrincipal(principal);
    await hitRateLimit(db, clock, LEARNER_LIMITS.facePhoto, String(learnerId));
    const courseId = typeof payload.course_id === 'number' && payload.course_id > 0 ? payload.course_id : null;
    // A face check during a lesson: only in a course the learner is studying.
    if (courseId !== null) await requireLiveEnrolment(db, learnerId, courseId, 'professional');
    // A face collection photo only after the learner's separate consent to the rules in force
    // (PIPL art. 29); a lesson check compares with the photo collected under that consent.
    else requireFaceConsent(await requireLearner(db, learnerId));
    const image = decodeImageData(payload.avatar);
    if (!image.ok)
      throw image.reason === 'too-large'
        ? new ApiError(413, MESSAGES.avatarTooLarge)
        : badInput(MESSAGES.avatarInvalid);
    const path = await storeFacePhotoFile(storage, image.bytes, image.kind);
    const status = await submitFacePhoto(db, clock, {
      learnerId,
      path,
      courseId,
      percent: payload.percent ?? null,
    });
    return { avatar: mediaUrls.urlOf(path), avatar_status: status, face_init: faceInitOf(status) };
  });
};
