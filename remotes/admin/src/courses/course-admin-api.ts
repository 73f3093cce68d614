import { api } from '@yaoshi/api-client/api';
import type {
  AdminCourse,
  AdminCourseDetail,
  CourseInput,
  CourseYear,
  CourseYearInput,
  Transcode,
  YearPreview,
} from '@yaoshi/contracts/course-admin';
import * as courseAdminRoutes from '@yaoshi/contracts/routes/course-admin';

/** 学习年度 and 课程管理 in the console (issue 20): the one API slice, endpoints injected. */
const base = api.enhanceEndpoints({ addTagTypes: ['CourseYears', 'AdminCourses'] });

export const courseAdminApi = base.injectEndpoints({
  endpoints: (build) => ({
    courseYears: build.query<CourseYear[], void>({
      query: () => ({ route: courseAdminRoutes.years }),
      providesTags: ['CourseYears'],
    }),
    courseYearCreate: build.mutation<CourseYear, CourseYearInput>({
      query: (payload) => ({ route: courseAdminRoutes.yearCreate, payload: { ...payload } }),
      invalidatesTags: ['CourseYears'],
    }),
    courseYearUpdate: build.mutation<CourseYear, CourseYearInput>({
      query: (payload) => ({ route: courseAdminRoutes.yearUpdate, payload: { ...payload } }),
      invalidatesTags: ['CourseYears'],
    }),
    courseYearOpen: build.mutation<CourseYear, number>({
      query: (year) => ({ route: courseAdminRoutes.yearOpen, payload: { year } }),
      invalidatesTags: ['CourseYears'],
    }),
    courseYearPreview: build.query<YearPreview, number>({
      query: (year) => ({ route: courseAdminRoutes.yearPreview, payload: { year } }),
      providesTags: ['CourseYears', 'AdminCourses'],
    }),
    adminCourses: build.query<AdminCourse[], number>({
      query: (year) => ({ route: courseAdminRoutes.courses, payload: { year } }),
      providesTags: ['AdminCourses'],
    }),
    adminCourseDetail: build.query<AdminCourseDetail, number>({
      query: (courseId) => ({ route: courseAdminRoutes.detail, payload: { course_id: courseId } }),
      providesTags: ['AdminCourses'],
    }),
    courseCreate: build.mutation<AdminCourseDetail, CourseInput & { year: number }>({
      query: (payload) => ({ route: courseAdminRoutes.create, payload: { ...payload } }),
      invalidatesTags: ['AdminCourses', 'CourseYears'],
    }),
    courseUpdate: build.mutation<AdminCourseDetail, CourseInput & { course_id: number }>({
      query: (payload) => ({ route: courseAdminRoutes.update, payload: { ...payload } }),
      invalidatesTags: ['AdminCourses'],
    }),
    courseThumbnail: build.mutation<AdminCourseDetail, { course_id: number; image_base64: string }>({
      query: (payload) => ({ route: courseAdminRoutes.thumbnail, payload: { ...payload } }),
      invalidatesTags: ['AdminCourses'],
    }),
    courseTeacherAvatar: build.mutation<AdminCourseDetail, { course_id: number; image_base64: string }>({
      query: (payload) => ({ route: courseAdminRoutes.teacherAvatar, payload: { ...payload } }),
      invalidatesTags: ['AdminCourses'],
    }),
    lessonSave: build.mutation<AdminCourseDetail, { course_id: number; upload_id?: string; face_points: number[] }>({
      query: (payload) => ({ route: courseAdminRoutes.lessonSave, payload: { ...payload } }),
      invalidatesTags: ['AdminCourses'],
    }),
    transcodeRetry: build.mutation<Transcode, number>({
      query: (transcodeId) => ({
        route: courseAdminRoutes.transcodeRetry,
        payload: { transcode_id: transcodeId },
      }),
      invalidatesTags: ['AdminCourses'],
    }),
  }),
});

export const {
  useCourseYearsQuery,
  useCourseYearCreateMutation,
  useCourseYearUpdateMutation,
  useCourseYearOpenMutation,
  useCourseYearPreviewQuery,
  useAdminCoursesQuery,
  useAdminCourseDetailQuery,
  useCourseCreateMutation,
  useCourseUpdateMutation,
  useCourseThumbnailMutation,
  useCourseTeacherAvatarMutation,
  useLessonSaveMutation,
  useTranscodeRetryMutation,
} = courseAdminApi;
