import { api } from '@yaoshi/api-client/api';
import type { ModifyRequest, PasswordChangeRequest, Profile } from '@yaoshi/contracts/accounts';

export const myInfoApi = api.injectEndpoints({
  endpoints: (build) => ({
    profile: build.query<Profile, void>({
      query: () => ({ method: 'GET', path: '/v1/profile' }),
      providesTags: ['Profile'],
    }),
    modifyProfile: build.mutation<null, ModifyRequest>({
      query: (payload) => ({ method: 'POST', path: '/v1/modify', payload: { ...payload } }),
      invalidatesTags: ['Profile', 'UserInfo'],
    }),
    changePassword: build.mutation<null, PasswordChangeRequest>({
      query: (payload) => ({ method: 'POST', path: '/v1/password', payload: { ...payload } }),
    }),
  }),
});

export const { useProfileQuery, useModifyProfileMutation, useChangePasswordMutation } = myInfoApi;
