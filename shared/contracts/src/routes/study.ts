import { defineRoutes } from '../route';

/** Method, path and access of each call in `study.ts`, without schemas: what the browser sends by. */
export const studyRoutes = defineRoutes({
  mycourses: { method: 'GET', path: '/v1/mycourses', auth: true },
  publicMy: { method: 'GET', path: '/v1/public_courses_my', auth: true },
  webcourseDetail: { method: 'GET', path: '/v1/webcourse_detail', auth: true },
  publicDetail: { method: 'GET', path: '/v1/public_courses_detail', auth: true },
  records: { method: 'POST', path: '/v1/records', auth: true },
  publicRecord: { method: 'POST', path: '/v1/public_courses_recordProgress', auth: true },
  evaluate: { method: 'POST', path: '/v1/course_evaluate', auth: true },
  courseLast: { method: 'GET', path: '/v1/course_last', auth: true },
  checkPublicLast: { method: 'GET', path: '/v1/checkPubliccourse', auth: true },
  quizQuestion: { method: 'GET', path: '/v1/public_courses_examList', auth: true },
  quizResult: { method: 'POST', path: '/v1/public_courses_examResult', auth: true },
  faceCompare: { method: 'POST', path: '/v1/public_courses_facecompare', auth: true },
});
