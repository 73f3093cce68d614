import { api } from '@yaoshi/api-client/api';
import type { ExamAnswerResult, ExamLists, ExamPaper, ExamResult } from '@yaoshi/contracts/exams';
import type { ExamType } from '@yaoshi/contracts/exam-rules';
import * as examRoutes from '@yaoshi/contracts/routes/exams';

export interface ExamListArgs {
  year: number | undefined;
  type: ExamType;
  page: number;
}

/** Start (year and type, and a course for its own bank), continue (pid) or review (pid and look). */
export type GetExamArgs = { pid: number; look?: 1 } | { year: number; type: ExamType; cid?: number };

export interface ExamRecordArgs {
  pid: number;
  /** Answered questions; the server scores them from its own key. */
  questions: { qid: number; user_answer: string }[];
}

export interface ExamAnswerArgs {
  pid: number;
  qid: number;
  /** Option numbers as the API writes them ('2', '1,3'). */
  user_answer: string;
}

/** spec 02 §7 exams: exam_lists, getExam (/v1/exam), exam_answer (issue 16), exam_record. */
export const examApi = api.injectEndpoints({
  endpoints: (build) => ({
    examLists: build.query<ExamLists, ExamListArgs>({
      query: ({ year, type, page }) => ({
        route: examRoutes.examLists,
        payload: { ...(year === undefined ? {} : { year }), type, page },
      }),
      providesTags: ['Exam'],
    }),
    // A start is safe to repeat: the server returns the paper already in progress for the
    // year and type, so a refetch never draws a second paper.
    getExam: build.query<ExamPaper, GetExamArgs>({
      query: (args) => ({ route: examRoutes.getExam, payload: { ...args } }),
      providesTags: ['Exam'],
    }),
    // Each answer as it is given. No invalidation: the page already shows it; on a refusal
    // the page reloads the paper, so the server's record wins.
    examAnswer: build.mutation<ExamAnswerResult, ExamAnswerArgs>({
      query: (payload) => ({ route: examRoutes.examAnswer, payload: { ...payload } }),
    }),
    examRecord: build.mutation<ExamResult, ExamRecordArgs>({
      // No invalidation: the page shows the result it got back; the list refetches when opened.
      query: ({ pid, questions }) => ({
        route: examRoutes.examRecord,
        payload: { pid, questions: JSON.stringify(questions) },
      }),
    }),
  }),
});

export const { useExamListsQuery, useGetExamQuery, useExamAnswerMutation, useExamRecordMutation } = examApi;
