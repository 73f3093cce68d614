import { faceReviewEndpoints } from '@yaoshi/contracts/face-review';
import { requireStaff } from '../auth/authenticator';
import type { RouteModule } from '../app-deps';
import { actorOf, auditedChange } from '../audit/audit-log';
import { personalViewOf } from '../auth/personal-view';
import { failLessonChecks, faceQueue, lessonChecks, reviewFacePhoto } from './face-review';

/** 审核: the face photo queue, approve and reject (issue 18). */
export const faceReviewRoutes: RouteModule = (api, { db, clock, mediaUrls }) => {
  api.add(faceReviewEndpoints.faceQueue, async ({ payload, staff }) =>
    faceQueue(db, mediaUrls, payload.page, payload.size, personalViewOf(staff)),
  );

  api.add(faceReviewEndpoints.faceApprove, async ({ payload, staff, request }) => {
    await auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      reviewFacePhoto(tx, clock, audit, payload.photo_id, 'approve', null),
    );
    return null;
  });

  api.add(faceReviewEndpoints.faceReject, async ({ payload, staff, request }) => {
    await auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      reviewFacePhoto(tx, clock, audit, payload.photo_id, 'reject', payload.reason),
    );
    return null;
  });

  api.add(faceReviewEndpoints.faceLessonChecks, async ({ payload, staff }) =>
    lessonChecks(db, mediaUrls, payload.id_number, personalViewOf(staff)),
  );

  api.add(faceReviewEndpoints.faceLessonFail, async ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      failLessonChecks(tx, clock, audit, payload.learner_id, payload.course_id, payload.reason),
    ),
  );
};
