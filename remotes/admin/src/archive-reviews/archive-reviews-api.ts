import type { ArchiveDecisionRequest, ArchiveReviewList, ArchiveReviewStatus } from '@yaoshi/contracts/archive-reviews';
import { adminApi } from '../admin-api';
import * as archiveReviewRoutes from '@yaoshi/contracts/routes/archive-reviews';

/** 档案审核's calls (issue 20), on the console's API slice. */
const base = adminApi.enhanceEndpoints({ addTagTypes: ['ArchiveReview'] });

export const archiveReviewsApi = base.injectEndpoints({
  endpoints: (build) => ({
    archiveReviews: build.query<
      ArchiveReviewList,
      { year?: number; status?: ArchiveReviewStatus; learner?: string; page: number; size: number }
    >({
      query: (payload) => ({ route: archiveReviewRoutes.list, payload: { ...payload } }),
      providesTags: ['ArchiveReview'],
    }),
    archiveDecide: build.mutation<{ decided: number }, ArchiveDecisionRequest>({
      query: (payload) => ({ route: archiveReviewRoutes.decide, payload: { ...payload } }),
      invalidatesTags: ['ArchiveReview', 'Audit'],
    }),
  }),
});

export const { useArchiveReviewsQuery, useArchiveDecideMutation } = archiveReviewsApi;
