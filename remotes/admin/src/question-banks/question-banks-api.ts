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
import * as questionBankRoutes from '@yaoshi/contracts/routes/question-banks';

/** 题库管理 in the console (issue 20): a course's bank, its import, and one question at a time. */
const base = api.enhanceEndpoints({ addTagTypes: ['QuestionBank'] });

export const questionBanksApi = base.injectEndpoints({
  endpoints: (build) => ({
    bankCourses: build.query<BankCourses, { year?: number }>({
      query: (payload) => ({ route: questionBankRoutes.courses, payload: { ...payload } }),
      providesTags: ['QuestionBank'],
    }),
    bankQuestions: build.query<BankQuestions, BankQuestionsRequest>({
      query: (payload) => ({ route: questionBankRoutes.questions, payload: { ...payload } }),
      providesTags: ['QuestionBank'],
    }),
    questionCreate: build.mutation<QuestionSaved, QuestionCreate>({
      query: (payload) => ({
        route: questionBankRoutes.create,
        payload: { ...payload },
      }),
      invalidatesTags: ['QuestionBank'],
    }),
    questionUpdate: build.mutation<QuestionSaved, QuestionUpdate>({
      query: (payload) => ({
        route: questionBankRoutes.update,
        payload: { ...payload },
      }),
      invalidatesTags: ['QuestionBank'],
    }),
    questionDelete: build.mutation<QuestionDeleteResult, { qid: number }>({
      query: (payload) => ({
        route: questionBankRoutes.remove,
        payload: { ...payload },
      }),
      invalidatesTags: ['QuestionBank'],
    }),
    questionImportTemplate: build.query<{ file_name: string; xlsx_base64: string }, void>({
      query: () => ({ route: questionBankRoutes.template }),
    }),
    questionImportCheck: build.mutation<QuestionImportReport, { cid: number; file_base64: string }>({
      query: (payload) => ({ route: questionBankRoutes.importCheck, payload: { ...payload } }),
    }),
    questionImportConfirm: build.mutation<{ imported: number; bank: BankReadiness }, QuestionImportConfirm>({
      query: (payload) => ({
        route: questionBankRoutes.importConfirm,
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
