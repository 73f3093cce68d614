import type { ArchiveDecisionRequest, ArchiveReviewList, ArchiveReviewStatus } from '@yaoshi/contracts/archive-reviews';
import { adminApi } from '../admin-api';

/** 档案审核's calls (issue 20), on the console's API slice. */
const base = adminApi.enhanceEndpoints({ addTagTypes: ['ArchiveReview'] });

export const archiveReviewsApi = base.injectEndpoints({
  endpoints: (build) => ({
    archiveReviews: build.query<
      ArchiveReviewList,
      { year?: number; status?: ArchiveReviewStatus; learner?: string; page: number; size: number }
    >({
      query: (payload) => ({ method: 'GET', path: '/v1/admin/archive_reviews', payload: { ...payload } }),
      providesTags: ['ArchiveReview'],
    }),
    archiveDecide: build.mutation<{ decided: number }, ArchiveDecisionRequest>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/archive_reviews/decide', payload: { ...payload } }),
      invalidatesTags: ['ArchiveReview', 'Audit'],
    }),
  }),
});

export const { useArchiveReviewsQuery, useArchiveDecideMutation } = archiveReviewsApi;
