import { api } from '@yaoshi/api-client/api';
import type { ReminderCampaign, ReminderChannel, ReminderFilter, ReminderPreview } from '@yaoshi/contracts/reminders';

/** 学员管理's year-end reminders (issue 37): preview, send, and the campaigns with their counts. */
const base = api.enhanceEndpoints({ addTagTypes: ['ReminderCampaign', 'Audit'] });

export const remindersApi = base.injectEndpoints({
  endpoints: (build) => ({
    reminderPreview: build.query<ReminderPreview, ReminderFilter>({
      query: (payload) => ({ method: 'GET', path: '/v1/admin/reminders/preview', payload: { ...payload } }),
    }),
    reminderCampaigns: build.query<{ list: ReminderCampaign[] }, void>({
      query: () => ({ method: 'GET', path: '/v1/admin/reminders', payload: {} }),
      providesTags: ['ReminderCampaign'],
    }),
    reminderCreate: build.mutation<ReminderCampaign, ReminderFilter & { channel: ReminderChannel }>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/reminders', payload: { ...payload } }),
      invalidatesTags: ['ReminderCampaign', 'Audit'],
    }),
  }),
});

export const { useLazyReminderPreviewQuery, useReminderCampaignsQuery, useReminderCreateMutation } = remindersApi;
