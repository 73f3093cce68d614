import { api } from '@yaoshi/api-client/api';
import type {
  BankCourses,
  BankQuestions,
  BankQuestionsRequest,
  QuestionCreate,
  QuestionDeleteResult,
  QuestionImportConfirm,
  QuestionImportReport,
  QuestionSaved,
  QuestionUpdate,
} from '@yaoshi/contracts/question-banks';
import type { BankReadiness } from '@yaoshi/contracts/question-bank-rules';

/** 题库管理 in the console (issue 20): a course's bank, its import, and one question at a time. */
const base = api.enhanceEndpoints({ addTagTypes: ['QuestionBank'] });

export const questionBanksApi = base.injectEndpoints({
  endpoints: (build) => ({
    bankCourses: build.query<BankCourses, { year?: number }>({
      query: (payload) => ({ method: 'GET', path: '/v1/admin/question-banks/courses', payload: { ...payload } }),
      providesTags: ['QuestionBank'],
    }),
    bankQuestions: build.query<BankQuestions, BankQuestionsRequest>({
      query: (payload) => ({ method: 'GET', path: '/v1/admin/question-banks/questions', payload: { ...payload } }),
      providesTags: ['QuestionBank'],
    }),
    questionCreate: build.mutation<QuestionSaved, QuestionCreate>({
      query: (payload) => ({
        method: 'POST',
        path: '/v1/admin/question-banks/questions/create',
        payload: { ...payload },
      }),
      invalidatesTags: ['QuestionBank'],
    }),
    questionUpdate: build.mutation<QuestionSaved, QuestionUpdate>({
      query: (payload) => ({
        method: 'POST',
        path: '/v1/admin/question-banks/questions/update',
        payload: { ...payload },
      }),
      invalidatesTags: ['QuestionBank'],
    }),
    questionDelete: build.mutation<QuestionDeleteResult, { qid: number }>({
      query: (payload) => ({
        method: 'POST',
        path: '/v1/admin/question-banks/questions/delete',
        payload: { ...payload },
      }),
      invalidatesTags: ['QuestionBank'],
    }),
    questionImportTemplate: build.query<{ file_name: string; xlsx_base64: string }, void>({
      query: () => ({ method: 'GET', path: '/v1/admin/question-banks/import/template' }),
    }),
    questionImportCheck: build.mutation<QuestionImportReport, { cid: number; file_base64: string }>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/question-banks/import/check', payload: { ...payload } }),
    }),
    questionImportConfirm: build.mutation<{ imported: number; bank: BankReadiness }, QuestionImportConfirm>({
      query: (payload) => ({
        method: 'POST',
        path: '/v1/admin/question-banks/import/confirm',
        payload: { ...payload },
      }),
      invalidatesTags: ['QuestionBank'],
    }),
  }),
});

export const {
  useBankCoursesQuery,
  useBankQuestionsQuery,
  useQuestionCreateMutation,
  useQuestionUpdateMutation,
  useQuestionDeleteMutation,
  useLazyQuestionImportTemplateQuery,
  useQuestionImportCheckMutation,
  useQuestionImportConfirmMutation,
} = questionBanksApi;
