import { api } from '@yaoshi/api-client/api';
import type { UserData } from '@yaoshi/api-client/session';
import * as accountRoutes from '@yaoshi/contracts/routes/accounts';

/** spec 01 §7: what login answers. */
export interface LoginResult {
  token: string;
  face_init: number;
  /** 学员管理 reset the password (issue 18): the learner must choose a new one first. */
  must_change_password?: boolean;
}

export type LoginRequest =
  { type: '1'; username: string; password: string } | { type: '2'; phone: string; vcode: string };

export interface ForgetRequest {
  password: string;
  confirm_password: string;
  phone: string;
  vcode: string;
  idcard: string;
}

/** Login, SMS codes, forgotten password, user info and logout: the calls of the login box and the frame. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResult, LoginRequest>({
      query: (payload) => ({ route: accountRoutes.login, payload }),
    }),
    sendCode: build.mutation<unknown, { phone: string }>({
      query: (payload) => ({ route: accountRoutes.vcode, payload }),
    }),
    forget: build.mutation<unknown, ForgetRequest>({
      query: (payload) => ({ route: accountRoutes.forget, payload: { ...payload } }),
    }),
    userInfo: build.query<UserData, void>({
      query: () => ({ route: accountRoutes.userinfo }),
      providesTags: ['UserInfo'],
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ route: accountRoutes.logout }),
    }),
  }),
});

export const { useLoginMutation, useSendCodeMutation, useForgetMutation, useLazyUserInfoQuery, useLogoutMutation } =
  accountApi;
