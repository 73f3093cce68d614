import { api } from '@yaoshi/api-client/api';
import type { ClosureRow } from '@yaoshi/contracts/personal-data';
import type { ClosureStatus, RevealField } from '@yaoshi/contracts/personal-data-rules';
import * as personalDataRoutes from '@yaoshi/contracts/routes/personal-data';

/**
 * Learners' personal data in the console: the audited reveal of one number, and 注销申请
 * (closure requests) decided by 学员管理. docs/security.md explains the rules.
 */
const base = api.enhanceEndpoints({ addTagTypes: ['Closure', 'AdminLearner', 'Audit'] });

export const personalDataApi = base.injectEndpoints({
  endpoints: (build) => ({
    revealPersonal: build.mutation<{ value: string }, { id: number; field: RevealField }>({
      query: (payload) => ({ route: personalDataRoutes.reveal, payload: { ...payload } }),
      invalidatesTags: ['Audit'],
    }),
    closureList: build.query<
      { total: number; pending: number; list: ClosureRow[] },
      { page: number; size: number; status?: ClosureStatus }
    >({
      query: (payload) => ({ route: personalDataRoutes.closures, payload: { ...payload } }),
      providesTags: ['Closure'],
    }),
    closureApprove: build.mutation<null, { id: number }>({
      query: (payload) => ({ route: personalDataRoutes.closureApprove, payload: { ...payload } }),
      invalidatesTags: ['Closure', 'AdminLearner', 'Audit'],
    }),
    closureRefuse: build.mutation<null, { id: number; reason: string }>({
      query: (payload) => ({ route: personalDataRoutes.closureRefuse, payload: { ...payload } }),
      invalidatesTags: ['Closure', 'Audit'],
    }),
  }),
});

export const { useRevealPersonalMutation, useClosureListQuery, useClosureApproveMutation, useClosureRefuseMutation } =
  personalDataApi;
