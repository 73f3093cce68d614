import { api } from '@yaoshi/api-client/api';
import * as reminderRoutes from '@yaoshi/contracts/routes/reminders';
import type { ReminderCampaign, ReminderChannel, ReminderFilter, ReminderPreview } from '@yaoshi/contracts/reminders';

/** 学员管理's year-end reminders (issue 37): preview, send, and the campaigns with their counts. */
const base = api.enhanceEndpoints({ addTagTypes: ['ReminderCampaign', 'Audit'] });

export const remindersApi = base.injectEndpoints({
  endpoints: (build) => ({
    reminderPreview: build.query<ReminderPreview, ReminderFilter>({
      query: (payload) => ({ route: reminderRoutes.preview, payload: { ...payload } }),
    }),
    reminderCampaigns: build.query<{ list: ReminderCampaign[] }, void>({
      query: () => ({ route: reminderRoutes.list, payload: {} }),
      providesTags: ['ReminderCampaign'],
    }),
    reminderCreate: build.mutation<ReminderCampaign, ReminderFilter & { channel: ReminderChannel }>({
      query: (payload) => ({ route: reminderRoutes.create, payload: { ...payload } }),
      invalidatesTags: ['ReminderCampaign', 'Audit'],
    }),
  }),
});

export const { useLazyReminderPreviewQuery, useReminderCampaignsQuery, useReminderCreateMutation } = remindersApi;
