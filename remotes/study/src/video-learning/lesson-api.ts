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

/** The two progress report calls' paths (also sent as the page leaves, lesson-page.tsx). */
export const REPORT_PATHS = {
  professional: '/v1/records',
  public: '/v1/public_courses_recordProgress',
} as const;

/** spec 02 §7: a lesson's detail, its progress reports, last-course check, public quiz and face comparison. */
export const lessonApi = api.injectEndpoints({
  endpoints: (build) => ({
    lessonDetail: build.query<LessonDetail, WebcourseDetailRequest>({
      query: (payload) => ({ method: 'GET', path: '/v1/webcourse_detail', payload: { ...payload } }),
      keepUnusedDataFor: 0,
    }),
    publicLessonDetail: build.query<LessonDetail, PublicDetailRequest>({
      query: (payload) => ({ method: 'GET', path: '/v1/public_courses_detail', payload: { ...payload } }),
      keepUnusedDataFor: 0,
    }),
    reportProgress: build.mutation<ProgressReportResponse, RecordsRequest>({
      query: (payload) => ({ method: 'POST', path: REPORT_PATHS.professional, payload: { ...payload } }),
      invalidatesTags: ['Course'],
    }),
    reportPublicProgress: build.mutation<ProgressReportResponse, PublicRecordRequest>({
      query: (payload) => ({ method: 'POST', path: REPORT_PATHS.public, payload: { ...payload } }),
      invalidatesTags: ['Course'],
    }),
    courseLast: build.mutation<{ is_last: number }, LastCourseRequest>({
      query: (payload) => ({ method: 'GET', path: '/v1/course_last', payload: { ...payload } }),
    }),
    checkPublicLast: build.mutation<{ is_last: number }, LastCourseRequest>({
      query: (payload) => ({ method: 'GET', path: '/v1/checkPubliccourse', payload: { ...payload } }),
    }),
    quizQuestion: build.mutation<QuizQuestion, QuizQuestionRequest>({
      query: (payload) => ({ method: 'GET', path: '/v1/public_courses_examList', payload: { ...payload } }),
    }),
    quizResult: build.mutation<{ is_pass: number }, QuizResultRequest>({
      query: (payload) => ({ method: 'POST', path: '/v1/public_courses_examResult', payload: { ...payload } }),
    }),
    faceCompare: build.mutation<{ result: number }, FaceCompareRequest>({
      query: (payload) => ({ method: 'POST', path: '/v1/public_courses_facecompare', payload: { ...payload } }),
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
