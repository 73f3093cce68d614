import { api } from '@yaoshi/api-client/api';
import type { ClosureRow } from '@yaoshi/contracts/personal-data';
import type { ClosureStatus, RevealField } from '@yaoshi/contracts/personal-data-rules';

/**
 * Learners' personal data in the console: the audited reveal of one number, and 注销申请
 * (closure requests) decided by 学员管理. docs/security.md explains the rules.
 */
const base = api.enhanceEndpoints({ addTagTypes: ['Closure', 'AdminLearner', 'Audit'] });

export const personalDataApi = base.injectEndpoints({
  endpoints: (build) => ({
    revealPersonal: build.mutation<{ value: string }, { id: number; field: RevealField }>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/learners/reveal', payload: { ...payload } }),
      invalidatesTags: ['Audit'],
    }),
    closureList: build.query<
      { total: number; pending: number; list: ClosureRow[] },
      { page: number; size: number; status?: ClosureStatus }
    >({
      query: (payload) => ({ method: 'GET', path: '/v1/admin/closures', payload: { ...payload } }),
      providesTags: ['Closure'],
    }),
    closureApprove: build.mutation<null, { id: number }>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/closures/approve', payload: { ...payload } }),
      invalidatesTags: ['Closure', 'AdminLearner', 'Audit'],
    }),
    closureRefuse: build.mutation<null, { id: number; reason: string }>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/closures/refuse', payload: { ...payload } }),
      invalidatesTags: ['Closure', 'Audit'],
    }),
  }),
});

export const { useRevealPersonalMutation, useClosureListQuery, useClosureApproveMutation, useClosureRefuseMutation } =
  personalDataApi;
