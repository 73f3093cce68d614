import { defineRoutes } from '../route';

/** Method, path and access of each call in `exams.ts`, without schemas: what the browser sends by. */
export const examRoutes = defineRoutes({
  examLists: { method: 'GET', path: '/v1/exam_lists', auth: true },
  getExam: { method: 'GET', path: '/v1/exam', auth: true },
  examRecord: { method: 'POST', path: '/v1/exam_record', auth: true },
  examAnswer: { method: 'POST', path: '/v1/exam_answer', auth: true },
});
