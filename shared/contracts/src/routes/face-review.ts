import type { Route } from '../route';

// Method, path and access of each call in `face-review.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as faceReviewRoutes`, so a page's
// bundle keeps only the routes it calls.

export const faceQueue = {
  method: 'GET',
  path: '/v1/admin/faces/queue',
  auth: 'staff',
  permission: 'faces.review',
} as const satisfies Route;
export const faceApprove = {
  method: 'POST',
  path: '/v1/admin/faces/approve',
  auth: 'staff',
  permission: 'faces.review',
} as const satisfies Route;
export const faceReject = {
  method: 'POST',
  path: '/v1/admin/faces/reject',
  auth: 'staff',
  permission: 'faces.review',
} as const satisfies Route;
export const faceLessonChecks = {
  method: 'GET',
  path: '/v1/admin/faces/lessons',
  auth: 'staff',
  permission: 'faces.review',
} as const satisfies Route;
export const faceLessonFail = {
  method: 'POST',
  path: '/v1/admin/faces/lessons/fail',
  auth: 'staff',
  permission: 'faces.review',
} as const satisfies Route;
