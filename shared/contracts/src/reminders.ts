import './zod-setup';
import { z } from 'zod';
import { adminTimeText as timeText } from './admin-lists';
import { defineEndpoint } from './endpoint';
import * as reminderRoutes from './routes/reminders';
import { REQUIRED_PROFESSIONAL_HOURS, REQUIRED_PUBLIC_HOURS } from './course-selection-rules';

/**
 * Year-end reminders (issue 37): in 学员管理, staff choose learners by year, hours still
 * missing and work unit, preview the count, and send a reminder by SMS or mail; a background
 * job sends it throttled, each learner at most once per campaign, skipping learners who opted
 * out (个人信息, or the link in the mail). The learner's setting and the campaign's counts here.
 */

export const REMINDER_CHANNELS = ['sms', 'mail'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
export const REMINDER_CHANNEL_TEXT: Readonly<Record<ReminderChannel, string>> = { sms: '短信', mail: '邮件' };

/** A year's hours in all: the public requirement and the professional one (course-selection-rules.ts). */
export const REQUIRED_YEAR_HOURS = REQUIRED_PUBLIC_HOURS + REQUIRED_PROFESSIONAL_HOURS;

export const REMINDER_TEXT = {
  yearRequired: '请选择年度',
  missingHoursInvalid: `还差学时须为0.1到${REQUIRED_YEAR_HOURS}之间的数字`,
  channelRequired: '请选择提醒方式',
  nobodySelected: '没有符合条件的学员',
  campaignNotFound: '提醒不存在',
  smsTemplateMissing: '未配置学时提醒短信模板，无法发送短信提醒',
  unsubscribed: '您已退订学时提醒，之后不会再收到学时提醒。如需恢复，请在“个人信息”中重新开启。',
  unsubscribeLinkInvalid: '退订链接无效',
} as const;

export const reminderFilterSchema = z.strictObject({
  year: z.coerce
    .number({ error: REMINDER_TEXT.yearRequired })
    .int({ error: REMINDER_TEXT.yearRequired })
    .min(2000, { error: REMINDER_TEXT.yearRequired })
    .max(2100, { error: REMINDER_TEXT.yearRequired }),
  /** Only learners with at least this many hours still missing; default any shortfall. */
  min_missing_hours: z.coerce
    .number({ error: REMINDER_TEXT.missingHoursInvalid })
    .min(0.1, { error: REMINDER_TEXT.missingHoursInvalid })
    .max(REQUIRED_YEAR_HOURS, { error: REMINDER_TEXT.missingHoursInvalid })
    .optional(),
  /** 工作单位 contains this text; empty: any. */
  company: z.string().trim().max(100).optional(),
});
export type ReminderFilter = z.input<typeof reminderFilterSchema>;

export const reminderPreviewSchema = z.object({
  /** Learners the filter selects (enabled, account not closed, hours missing). */
  selected: z.number().int(),
  /** Of them, who opted out of reminders. */
  opted_out: z.number().int(),
  /** Of them, who gave no email (a mail campaign skips them). */
  without_email: z.number().int(),
});
export type ReminderPreview = z.infer<typeof reminderPreviewSchema>;

export const reminderCampaignSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  min_missing_hours: z.number().nullable(),
  company: z.string(),
  channel: z.enum(REMINDER_CHANNELS),
  status: z.enum(['sending', 'done']),
  selected: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped_opted_out: z.number().int(),
  skipped_no_address: z.number().int(),
  pending: z.number().int(),
  created_by: z.string(),
  created_at: timeText,
  finished_at: timeText.nullable(),
});
export type ReminderCampaign = z.infer<typeof reminderCampaignSchema>;

export const reminderSettingSchema = z.object({ year_end_reminders: z.boolean() });

export const reminderEndpoints = {
  preview: defineEndpoint({
    ...reminderRoutes.preview,
    request: reminderFilterSchema,
    response: reminderPreviewSchema,
  }),
  create: defineEndpoint({
    ...reminderRoutes.create,
    request: reminderFilterSchema.extend({
      channel: z.enum(REMINDER_CHANNELS, { error: REMINDER_TEXT.channelRequired }),
    }),
    response: reminderCampaignSchema,
  }),
  list: defineEndpoint({
    ...reminderRoutes.list,
    request: z.strictObject({}),
    response: z.object({ list: z.array(reminderCampaignSchema) }),
  }),
  /** The learner's own setting, on 个人信息. */
  mySetting: defineEndpoint({
    ...reminderRoutes.mySetting,
    request: z.strictObject({}),
    response: reminderSettingSchema,
  }),
  saveMySetting: defineEndpoint({
    ...reminderRoutes.saveMySetting,
    request: z.strictObject({ year_end_reminders: z.boolean() }),
    response: reminderSettingSchema,
  }),
};
