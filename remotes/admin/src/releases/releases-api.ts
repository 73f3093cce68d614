import type {
  ReleaseCanaryRequest,
  ReleaseEnvironment,
  ReleaseHistoryLine,
  ReleaseMoveResult,
  ReleasePinRequest,
  ReleasePromoteRequest,
  ReleaseCanaryEndRequest,
  ReleaseRollbackRequest,
  ReleaseStatus,
} from '@yaoshi/contracts/releases-admin';
import { adminApi } from '../admin-api';
import * as releaseAdminRoutes from '@yaoshi/contracts/routes/releases-admin';

/** 发布管理's calls, injected into the shell's one API slice beside the console's others. */
const releasesApiBase = adminApi.enhanceEndpoints({ addTagTypes: ['ReleaseStatus', 'ReleaseHistory'] });

const moved = ['ReleaseStatus', 'ReleaseHistory', 'Audit'] as const;

export const releasesApi = releasesApiBase.injectEndpoints({
  endpoints: (build) => ({
    releaseStatus: build.query<ReleaseStatus, { env: ReleaseEnvironment }>({
      query: (payload) => ({ route: releaseAdminRoutes.status, payload: { ...payload } }),
      providesTags: ['ReleaseStatus'],
    }),
    releaseHistory: build.query<{ remote: string; history: ReleaseHistoryLine[] }, { remote: string }>({
      query: (payload) => ({ route: releaseAdminRoutes.history, payload: { ...payload } }),
      providesTags: ['ReleaseHistory'],
    }),
    releasePin: build.mutation<ReleaseMoveResult, ReleasePinRequest>({
      query: (payload) => ({ route: releaseAdminRoutes.pin, payload: { ...payload } }),
      invalidatesTags: [...moved],
    }),
    releaseRollback: build.mutation<ReleaseMoveResult, ReleaseRollbackRequest>({
      query: (payload) => ({ route: releaseAdminRoutes.rollback, payload: { ...payload } }),
      invalidatesTags: [...moved],
    }),
    releaseCanary: build.mutation<ReleaseMoveResult, ReleaseCanaryRequest>({
      query: (payload) => ({ route: releaseAdminRoutes.canary, payload: { ...payload } }),
      invalidatesTags: [...moved],
    }),
    releasePromote: build.mutation<ReleaseMoveResult, ReleasePromoteRequest>({
      query: (payload) => ({ route: releaseAdminRoutes.promote, payload: { ...payload } }),
      invalidatesTags: [...moved],
    }),
    releaseCanaryEnd: build.mutation<ReleaseMoveResult, ReleaseCanaryEndRequest>({
      query: (payload) => ({ route: releaseAdminRoutes.canaryEnd, payload: { ...payload } }),
      invalidatesTags: [...moved],
    }),
  }),
});

export const {
  useReleaseStatusQuery,
  useReleaseHistoryQuery,
  useReleasePinMutation,
  useReleaseRollbackMutation,
  useReleaseCanaryMutation,
  useReleasePromoteMutation,
  useReleaseCanaryEndMutation,
} = releasesApi;
