import { api } from '@yaoshi/api-client/api';
import type {
  FaceCompareRequest,
  LastCourseRequest,
  LessonDetail,
  ProgressReportResponse,
  PublicDetailRequest,
  PublicRecordRequest,
  QuizQuestion,
  QuizQuestionRequest,
  QuizResultRequest,
  RecordsRequest,
  WebcourseDetailRequest,
} from '@yaoshi/contracts/study';
import * as studyRoutes from '@yaoshi/contracts/routes/study';

/** The two progress report calls' routes (also sent as the page leaves, session-end.ts). */
export const REPORT_ROUTES = {
  professional: studyRoutes.records,
  public: studyRoutes.publicRecord,
} as const;

/** spec 02 §7: a lesson's detail, its progress reports, last-course check, public quiz and face comparison. */
export const lessonApi = api.injectEndpoints({
  endpoints: (build) => ({
    lessonDetail: build.query<LessonDetail, WebcourseDetailRequest>({
      query: (payload) => ({ route: studyRoutes.webcourseDetail, payload: { ...payload } }),
      keepUnusedDataFor: 0,
    }),
    publicLessonDetail: build.query<LessonDetail, PublicDetailRequest>({
      query: (payload) => ({ route: studyRoutes.publicDetail, payload: { ...payload } }),
      keepUnusedDataFor: 0,
    }),
    reportProgress: build.mutation<ProgressReportResponse, RecordsRequest>({
      query: (payload) => ({ route: REPORT_ROUTES.professional, payload: { ...payload } }),
      invalidatesTags: ['Course'],
    }),
    reportPublicProgress: build.mutation<ProgressReportResponse, PublicRecordRequest>({
      query: (payload) => ({ route: REPORT_ROUTES.public, payload: { ...payload } }),
      invalidatesTags: ['Course'],
    }),
    courseLast: build.mutation<{ is_last: number }, LastCourseRequest>({
      query: (payload) => ({ route: studyRoutes.courseLast, payload: { ...payload } }),
    }),
    checkPublicLast: build.mutation<{ is_last: number }, LastCourseRequest>({
      query: (payload) => ({ route: studyRoutes.checkPublicLast, payload: { ...payload } }),
    }),
    quizQuestion: build.mutation<QuizQuestion, QuizQuestionRequest>({
      query: (payload) => ({ route: studyRoutes.quizQuestion, payload: { ...payload } }),
    }),
    quizResult: build.mutation<{ is_pass: number }, QuizResultRequest>({
      query: (payload) => ({ route: studyRoutes.quizResult, payload: { ...payload } }),
    }),
    faceCompare: build.mutation<{ result: number }, FaceCompareRequest>({
      query: (payload) => ({ route: studyRoutes.faceCompare, payload: { ...payload } }),
    }),
  }),
});

export const {
  useLessonDetailQuery,
  usePublicLessonDetailQuery,
  useReportProgressMutation,
  useReportPublicProgressMutation,
  useCourseLastMutation,
  useCheckPublicLastMutation,
  useQuizQuestionMutation,
  useQuizResultMutation,
  useFaceCompareMutation,
} = lessonApi;
