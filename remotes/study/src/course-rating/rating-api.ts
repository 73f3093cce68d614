import { api } from '@yaoshi/api-client/api';
import type { EvaluateRequest } from '@yaoshi/contracts/study';
import * as studyRoutes from '@yaoshi/contracts/routes/study';

/**
 * spec 02 §4, §5: a finished course is rated once (1–4 and an optional comment). The lesson
 * page asks when the video ends; 我的课程 and the review page offer 评价 for a finished course
 * left unrated, so no one has to replay a lesson to rate it.
 */
export const ratingApi = api.injectEndpoints({
  endpoints: (build) => ({
    evaluateCourse: build.mutation<null, EvaluateRequest>({
      query: (payload) => ({ route: studyRoutes.evaluate, payload: { ...payload } }),
      invalidatesTags: ['Course'],
    }),
  }),
});

export const { useEvaluateCourseMutation } = ratingApi;
