import type { ExamType } from '@yaoshi/contracts/exam-rules';

/** Where the exam pages lead (spec 02 §2 navigation). */
export const EXAM_LIST_ROUTE = '/examList';
/** Exam results go back to the professional study list. */
export const AFTER_EXAM_ROUTE = '/myCourse';

export const startExamRoute = (year: number, type: ExamType, cid?: number) =>
  `/exam?year=${year}&type=${type}${cid === undefined ? '' : `&cid=${cid}`}`;
export const continueExamRoute = (pid: number) => `/exam?pid=${pid}`;
export const reviewExamRoute = (pid: number) => `/exam?pid=${pid}&look=1`;
