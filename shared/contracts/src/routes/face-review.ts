import { defineRoutes } from '../route';

/** Method, path and access of each call in `face-review.ts`, without schemas: what the browser sends by. */
export const faceReviewRoutes = defineRoutes({
  faceQueue: { method: 'GET', path: '/v1/admin/faces/queue', auth: 'staff', permission: 'faces.review' },
  faceApprove: { method: 'POST', path: '/v1/admin/faces/approve', auth: 'staff', permission: 'faces.review' },
  faceReject: { method: 'POST', path: '/v1/admin/faces/reject', auth: 'staff', permission: 'faces.review' },
  faceLessonChecks: { method: 'GET', path: '/v1/admin/faces/lessons', auth: 'staff', permission: 'faces.review' },
  faceLessonFail: { method: 'POST', path: '/v1/admin/faces/lessons/fail', auth: 'staff', permission: 'faces.review' },
});
