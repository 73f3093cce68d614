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

/** 学习年度 and 课程管理 in the console (issue 20): the one API slice, endpoints injected. */
const base = api.enhanceEndpoints({ addTagTypes: ['CourseYears', 'AdminCourses'] });

export const courseAdminApi = base.injectEndpoints({
  endpoints: (build) => ({
    courseYears: build.query<CourseYear[], void>({
      query: () => ({ method: 'GET', path: '/v1/admin/course_years' }),
      providesTags: ['CourseYears'],
    }),
    courseYearCreate: build.mutation<CourseYear, CourseYearInput>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/course_years/create', payload: { ...payload } }),
      invalidatesTags: ['CourseYears'],
    }),
    courseYearUpdate: build.mutation<CourseYear, CourseYearInput>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/course_years/update', payload: { ...payload } }),
      invalidatesTags: ['CourseYears'],
    }),
    courseYearOpen: build.mutation<CourseYear, number>({
      query: (year) => ({ method: 'POST', path: '/v1/admin/course_years/open', payload: { year } }),
      invalidatesTags: ['CourseYears'],
    }),
    courseYearPreview: build.query<YearPreview, number>({
      query: (year) => ({ method: 'GET', path: '/v1/admin/course_years/preview', payload: { year } }),
      providesTags: ['CourseYears', 'AdminCourses'],
    }),
    adminCourses: build.query<AdminCourse[], number>({
      query: (year) => ({ method: 'GET', path: '/v1/admin/courses', payload: { year } }),
      providesTags: ['AdminCourses'],
    }),
    adminCourseDetail: build.query<AdminCourseDetail, number>({
      query: (courseId) => ({ method: 'GET', path: '/v1/admin/courses/detail', payload: { course_id: courseId } }),
      providesTags: ['AdminCourses'],
    }),
    courseCreate: build.mutation<AdminCourseDetail, CourseInput & { year: number }>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/courses/create', payload: { ...payload } }),
      invalidatesTags: ['AdminCourses', 'CourseYears'],
    }),
    courseUpdate: build.mutation<AdminCourseDetail, CourseInput & { course_id: number }>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/courses/update', payload: { ...payload } }),
      invalidatesTags: ['AdminCourses'],
    }),
    courseThumbnail: build.mutation<AdminCourseDetail, { course_id: number; image_base64: string }>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/courses/thumbnail', payload: { ...payload } }),
      invalidatesTags: ['AdminCourses'],
    }),
    courseTeacherAvatar: build.mutation<AdminCourseDetail, { course_id: number; image_base64: string }>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/courses/teacher_avatar', payload: { ...payload } }),
      invalidatesTags: ['AdminCourses'],
    }),
    lessonSave: build.mutation<AdminCourseDetail, { course_id: number; upload_id?: string; face_points: number[] }>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/courses/lesson', payload: { ...payload } }),
      invalidatesTags: ['AdminCourses'],
    }),
    transcodeRetry: build.mutation<Transcode, number>({
      query: (transcodeId) => ({
        method: 'POST',
        path: '/v1/admin/courses/transcode_retry',
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
