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

/** 发布管理's calls, injected into the shell's one API slice beside the console's others. */
const releasesApiBase = adminApi.enhanceEndpoints({ addTagTypes: ['ReleaseStatus', 'ReleaseHistory'] });

const moved = ['ReleaseStatus', 'ReleaseHistory', 'Audit'] as const;

export const releasesApi = releasesApiBase.injectEndpoints({
  endpoints: (build) => ({
    releaseStatus: build.query<ReleaseStatus, { env: ReleaseEnvironment }>({
      query: (payload) => ({ method: 'GET', path: '/v1/admin/releases/status', payload: { ...payload } }),
      providesTags: ['ReleaseStatus'],
    }),
    releaseHistory: build.query<{ remote: string; history: ReleaseHistoryLine[] }, { remote: string }>({
      query: (payload) => ({ method: 'GET', path: '/v1/admin/releases/history', payload: { ...payload } }),
      providesTags: ['ReleaseHistory'],
    }),
    releasePin: build.mutation<ReleaseMoveResult, ReleasePinRequest>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/releases/pin', payload: { ...payload } }),
      invalidatesTags: [...moved],
    }),
    releaseRollback: build.mutation<ReleaseMoveResult, ReleaseRollbackRequest>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/releases/rollback', payload: { ...payload } }),
      invalidatesTags: [...moved],
    }),
    releaseCanary: build.mutation<ReleaseMoveResult, ReleaseCanaryRequest>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/releases/canary', payload: { ...payload } }),
      invalidatesTags: [...moved],
    }),
    releasePromote: build.mutation<ReleaseMoveResult, ReleasePromoteRequest>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/releases/promote', payload: { ...payload } }),
      invalidatesTags: [...moved],
    }),
    releaseCanaryEnd: build.mutation<ReleaseMoveResult, ReleaseCanaryEndRequest>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/releases/canary_end', payload: { ...payload } }),
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
