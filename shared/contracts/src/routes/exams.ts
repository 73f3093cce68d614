import type { Route } from '../route';

// Method, path and access of each call in `exams.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as examRoutes`, so a page's
// bundle keeps only the routes it calls.

export const examLists = { method: 'GET', path: '/v1/exam_lists', auth: true } as const satisfies Route;
export const getExam = { method: 'GET', path: '/v1/exam', auth: true } as const satisfies Route;
export const examRecord = { method: 'POST', path: '/v1/exam_record', auth: true } as const satisfies Route;
export const examAnswer = { method: 'POST', path: '/v1/exam_answer', auth: true } as const satisfies Route;
