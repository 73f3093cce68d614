import { api } from '@yaoshi/api-client/api';
import type { MyCoursesRequest, StudySummaryResponse } from '@yaoshi/contracts/study';
import * as studyRoutes from '@yaoshi/contracts/routes/study';

/** spec 02 §7: the study lists' summaries (mycourses, public_courses_my). */
export const studyListApi = api.injectEndpoints({
  endpoints: (build) => ({
    myCourses: build.query<StudySummaryResponse, MyCoursesRequest>({
      query: (payload) => ({ route: studyRoutes.mycourses, payload: { ...payload } }),
      providesTags: ['Course'],
    }),
    publicMyCourses: build.query<StudySummaryResponse, MyCoursesRequest>({
      query: (payload) => ({ route: studyRoutes.publicMy, payload: { ...payload } }),
      providesTags: ['Course'],
    }),
  }),
});

export const { useMyCoursesQuery, usePublicMyCoursesQuery } = studyListApi;
