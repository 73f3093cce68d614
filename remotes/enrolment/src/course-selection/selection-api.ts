import { api } from '@yaoshi/api-client/api';
import type {
  AcademicYear,
  CourseTypeInfo,
  SelectionCourse,
  ValidationResult,
  WebCourses,
} from '@yaoshi/contracts/enrolment';
import * as enrolmentRoutes from '@yaoshi/contracts/routes/enrolment';

/**
 * True while a list has nothing to show for its current argument: the first load, or a
 * newly chosen year still on its way. RTK Query keeps the previous year's rows in `data`
 * meanwhile; they must not stay on screen to be ticked, as the new year's rows replace
 * them and the ticks with them.
 */
export function awaitingCurrent(query: { isLoading: boolean; isFetching: boolean; currentData?: unknown }): boolean {
  return query.isLoading || (query.isFetching && query.currentData === undefined);
}

/** Course selection calls (spec 02 §7), added to the shell's one api slice. */
export const selectionApi = api.injectEndpoints({
  endpoints: (build) => ({
    academicYears: build.query<AcademicYear[], void>({
      query: () => ({ route: enrolmentRoutes.academicYear }),
    }),
    courseType: build.query<CourseTypeInfo, number>({
      query: (year) => ({ route: enrolmentRoutes.getCourseType, payload: { year } }),
    }),
    webCourses: build.query<WebCourses, { year: number; type: number }>({
      query: ({ year, type }) => ({ route: enrolmentRoutes.webcourses, payload: { year, type } }),
      providesTags: (_result, _error, { year }) => [{ type: 'Course', id: `professional-${year}` }],
    }),
    signupOnce: build.mutation<null, { year: number; cids: string }>({
      query: (payload) => ({ route: enrolmentRoutes.signupOnce, payload: { ...payload } }),
    }),
    validateSelection: build.query<ValidationResult, { year: number; cids: string; hours: number }>({
      query: (payload) => ({ route: enrolmentRoutes.validate, payload: { ...payload } }),
      keepUnusedDataFor: 0,
    }),
    publicYears: build.query<AcademicYear[], void>({
      query: () => ({ route: enrolmentRoutes.publicCoursesYear }),
    }),
    publicCourses: build.query<SelectionCourse[], { year: number; type: number }>({
      query: ({ year, type }) => ({ route: enrolmentRoutes.publicCoursesList, payload: { year, type } }),
      providesTags: (_result, _error, { year }) => [{ type: 'Course', id: `public-${year}` }],
    }),
    publicSignup: build.mutation<null, { year: number; course_ids: string }>({
      query: (payload) => ({ route: enrolmentRoutes.publicCoursesSignupOnce, payload: { ...payload } }),
      invalidatesTags: (_result, _error, { year }) => [{ type: 'Course', id: `public-${year}` }, 'Course'],
    }),
  }),
});

export const {
  useAcademicYearsQuery,
  useCourseTypeQuery,
  useWebCoursesQuery,
  useSignupOnceMutation,
  useLazyValidateSelectionQuery,
  usePublicYearsQuery,
  usePublicCoursesQuery,
  usePublicSignupMutation,
} = selectionApi;
