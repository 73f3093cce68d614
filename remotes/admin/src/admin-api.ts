import { api } from '@yaoshi/api-client/api';
import type {
  AdminLoginRequest,
  AdminLoginResponse,
  AuditListRequest,
  AuditListResponse,
  LearnerListRequest,
  LearnerListResponse,
  StaffCreateRequest,
  StaffCredentials,
  StaffRow,
  StaffSelf,
  StaffUpdateRequest,
} from '@yaoshi/contracts/admin';

/** The staff console's calls (issue 18), on the shell's one API slice; staff tokens are the base query's business. */
const adminApiBase = api.enhanceEndpoints({ addTagTypes: ['StaffSelf', 'Staff', 'Audit', 'AdminLearner'] });

export const adminApi = adminApiBase.injectEndpoints({
  endpoints: (build) => ({
    adminLogin: build.mutation<AdminLoginResponse, AdminLoginRequest>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/login', payload: { ...payload } }),
    }),
    adminLogout: build.mutation<null, void>({
      query: () => ({ method: 'POST', path: '/v1/admin/logout' }),
    }),
    adminMe: build.query<StaffSelf, void>({
      query: () => ({ method: 'GET', path: '/v1/admin/me' }),
      providesTags: ['StaffSelf'],
    }),
    staffList: build.query<StaffRow[], void>({
      query: () => ({ method: 'GET', path: '/v1/admin/staff' }),
      providesTags: ['Staff'],
    }),
    staffCreate: build.mutation<StaffCredentials, StaffCreateRequest>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/staff/create', payload: { ...payload } }),
      invalidatesTags: ['Staff', 'Audit'],
    }),
    staffUpdate: build.mutation<null, StaffUpdateRequest>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/staff/update', payload: { ...payload } }),
      invalidatesTags: ['Staff', 'Audit', 'StaffSelf'],
    }),
    auditList: build.query<AuditListResponse, AuditListRequest>({
      query: (payload) => ({ method: 'GET', path: '/v1/admin/audit', payload: { ...payload } }),
      providesTags: ['Audit'],
    }),
    learnerList: build.query<LearnerListResponse, LearnerListRequest>({
      query: (payload) => ({ method: 'GET', path: '/v1/admin/learners', payload: { ...payload } }),
      providesTags: ['AdminLearner'],
    }),
  }),
});

export const {
  useAdminLoginMutation,
  useAdminLogoutMutation,
  useAdminMeQuery,
  useStaffListQuery,
  useStaffCreateMutation,
  useStaffUpdateMutation,
  useAuditListQuery,
  useLazyAuditListQuery,
  useLearnerListQuery,
} = adminApi;
