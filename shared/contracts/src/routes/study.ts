import type { Route } from '../route';

// Method, path and access of each call in `study.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as studyRoutes`, so a page's
// bundle keeps only the routes it calls.

export const mycourses = { method: 'GET', path: '/v1/mycourses', auth: true } as const satisfies Route;
export const publicMy = { method: 'GET', path: '/v1/public_courses_my', auth: true } as const satisfies Route;
export const webcourseDetail = { method: 'GET', path: '/v1/webcourse_detail', auth: true } as const satisfies Route;
export const publicDetail = { method: 'GET', path: '/v1/public_courses_detail', auth: true } as const satisfies Route;
export const records = { method: 'POST', path: '/v1/records', auth: true } as const satisfies Route;
export const publicRecord = {
  method: 'POST',
  path: '/v1/public_courses_recordProgress',
  auth: true,
} as const satisfies Route;
export const evaluate = { method: 'POST', path: '/v1/course_evaluate', auth: true } as const satisfies Route;
export const courseLast = { method: 'GET', path: '/v1/course_last', auth: true } as const satisfies Route;
export const checkPublicLast = { method: 'GET', path: '/v1/checkPubliccourse', auth: true } as const satisfies Route;
export const quizQuestion = { method: 'GET', path: '/v1/public_courses_examList', auth: true } as const satisfies Route;
export const quizResult = {
  method: 'POST',
  path: '/v1/public_courses_examResult',
  auth: true,
} as const satisfies Route;
export const faceCompare = {
  method: 'POST',
  path: '/v1/public_courses_facecompare',
  auth: true,
} as const satisfies Route;
