import { api } from '@yaoshi/api-client/api';
import * as reminderRoutes from '@yaoshi/contracts/routes/reminders';
import type { ModifyRequest, PasswordChangeRequest, Profile } from '@yaoshi/contracts/accounts';
import type { ClosureAsk, MyClosure, MyData } from '@yaoshi/contracts/personal-data';
import * as accountRoutes from '@yaoshi/contracts/routes/accounts';
import * as personalDataRoutes from '@yaoshi/contracts/routes/personal-data';

const base = api.enhanceEndpoints({ addTagTypes: ['MyClosure', 'ReminderSetting'] });

export const myInfoApi = base.injectEndpoints({
  endpoints: (build) => ({
    profile: build.query<Profile, void>({
      query: () => ({ route: accountRoutes.profile }),
      providesTags: ['Profile'],
    }),
    modifyProfile: build.mutation<null, ModifyRequest>({
      query: (payload) => ({ route: accountRoutes.modify, payload: { ...payload } }),
      invalidatesTags: ['Profile', 'UserInfo'],
    }),
    changePassword: build.mutation<null, PasswordChangeRequest>({
      query: (payload) => ({ route: accountRoutes.password, payload: { ...payload } }),
    }),
    /** What the site holds about the learner, as a file to save (PIPL art. 45). */
    myData: build.mutation<{ file_name: string; data: MyData }, void>({
      query: () => ({ route: personalDataRoutes.myData }),
    }),
    myClosure: build.query<MyClosure, void>({
      query: () => ({ route: personalDataRoutes.myClosure }),
      providesTags: ['MyClosure'],
    }),
    askClosure: build.mutation<MyClosure, ClosureAsk>({
      query: (payload) => ({ route: personalDataRoutes.askClosure, payload: { ...payload } }),
      invalidatesTags: ['MyClosure'],
    }),
    /** 学时提醒 on or off (issue 37). */
    reminderSetting: build.query<{ year_end_reminders: boolean }, void>({
      query: () => ({ route: reminderRoutes.mySetting }),
      providesTags: ['ReminderSetting'],
    }),
    saveReminderSetting: build.mutation<{ year_end_reminders: boolean }, { year_end_reminders: boolean }>({
      query: (payload) => ({ route: reminderRoutes.saveMySetting, payload: { ...payload } }),
      invalidatesTags: ['ReminderSetting'],
    }),
    withdrawClosure: build.mutation<MyClosure, void>({
      query: () => ({ route: personalDataRoutes.withdrawClosure }),
      invalidatesTags: ['MyClosure'],
    }),
  }),
});

export const {
  useProfileQuery,
  useModifyProfileMutation,
  useChangePasswordMutation,
  useMyDataMutation,
  useMyClosureQuery,
  useAskClosureMutation,
  useWithdrawClosureMutation,
  useReminderSettingQuery,
  useSaveReminderSettingMutation,
} = myInfoApi;
